/** Markup that is safe to send as is: built by `html`, never from raw input. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character]!);
}

type Interpolation = SafeHtml | string | number | false | null | undefined | Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/**
 * Template tag that escapes every interpolated value unless it is already SafeHtml, so merchant
 * fields such as ProdDesc or RefNo can never inject markup into the gateway's pages.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(text);
}
