/** E-mail HTML, made only through the `html` tag, which escapes every value put into it. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

export type HtmlValue = string | SafeHtml | SafeHtml[];

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  const render = (value: HtmlValue): string => {
    if (Array.isArray(value)) return value.map(render).join('');
    return value instanceof SafeHtml ? value.value : escapeHtml(value);
  };
  return new SafeHtml(
    strings.reduce(
      (out, part, i) => out + part + (i < values.length ? render(values[i]!) : ''),
      '',
    ),
  );
}
