/**
 * The small, safe part of Markdown that the portal's content pages are written in
 * (docs/content-pages.md): headings, paragraphs, lists, bold, italics and links. It is parsed into
 * a tree that the web app draws as elements, never as HTML: a `<script>` in the text is text, and
 * a link goes only where `safeHref` lets it.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/**
 * Where a content page may link: the web, e-mail, a phone number, or a screen of the portal
 * (`#/helpline`). Anything else (`javascript:`, `data:`) is no link, and its text stays as written.
 */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return allowedLinks.some((pattern) => pattern.test(trimmed)) ? trimmed : null;
}

const allowedLinks = [
  /^#\/[\w\-/?=&.]*$/,
  /^https:\/\/[^\s"'<>]+$/i,
  /^mailto:[^\s"'<>@]+@[^\s"'<>@]+$/i,
  /^tel:\+?[\d-]+$/i,
];

const listItem = /^(\s*)([-*]|\d{1,3}\.)\s+(.*)$/;
const heading = /^(#{1,3})\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
    if (list) {
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
      list = null;
    }
  };

  for (const raw of source.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const headingMatch = heading.exec(line);
    if (headingMatch) {
      flush();
      const level = headingMatch[1]!.length === 3 ? 3 : 2;
      blocks.push({ type: 'heading', level, children: parseInline(headingMatch[2]!) });
      continue;
    }
    const itemMatch = listItem.exec(line);
    if (itemMatch) {
      const ordered = /\d/.test(itemMatch[2]!);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(itemMatch[3]!);
      continue;
    }
    // A line under a list item continues it; otherwise it belongs to a paragraph.
    if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Bold (`**`), italics (`*` or `_`) and links; a backslash makes the next character plain. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const pushText = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\' && index + 1 < text.length) {
      plain += text[index + 1];
      index += 2;
      continue;
    }
    if (text.startsWith('**', index)) {
      const end = text.indexOf('**', index + 2);
      if (end > index + 2) {
        pushText();
        out.push({ type: 'strong', children: parseInline(text.slice(index + 2, end)) });
        index = end + 2;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const end = text.indexOf(char, index + 1);
      if (end > index + 1 && text[index + 1] !== ' ') {
        pushText();
        out.push({ type: 'em', children: parseInline(text.slice(index + 1, end)) });
        index = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(text.slice(index));
      const href = link ? safeHref(link[2]!) : null;
      if (link && href) {
        pushText();
        out.push({ type: 'link', href, children: parseInline(link[1]!) });
        index += link[0].length;
        continue;
      }
    }
    plain += char;
    index++;
  }
  pushText();
  return out;
}
