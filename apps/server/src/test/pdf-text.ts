/** Reading back what a generated PDF says, as a reader's PDF viewer would extract it. */
import { inflateSync } from 'node:zlib';

/** The objects of an uncompressed PDF, by number. */
function objectsOf(pdf: string): Map<string, string> {
  return new Map(
    [...pdf.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)].map(([, id, body]) => [id!, body!]),
  );
}

/** A font's ToUnicode map: the code pdfkit writes for a glyph -> the text it stands for. */
function unicodeOf(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [, start = '', entries = ''] of cmap.matchAll(
    /<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g,
  )) {
    [...entries.matchAll(/<([0-9a-f ]+)>/g)].forEach(([, utf16 = ''], offset) => {
      const code = (parseInt(start, 16) + offset).toString(16).padStart(4, '0');
      const units = utf16.split(' ').map((unit) => parseInt(unit, 16));
      codes.set(code, String.fromCharCode(...units));
    });
  }
  return codes;
}

/**
 * The text a reader's PDF viewer extracts: each `[...] TJ` of the page content, uncompressed,
 * decoded through the ToUnicode map of the font set before it (`/F1 10 Tf`). Lines are joined
 * without a break, so a value wrapped over two lines still reads whole.
 */
export function textOf(pdf: Buffer): string {
  return linesOf(pdf).join('');
}

/** Each printed line on its own, to tell a value kept whole from one wrapped over two lines. */
export function linesOf(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = objectsOf(raw);
  const fonts = new Map<string, Map<string, string>>();
  for (const [, name = '', id = ''] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = objects.get(id)?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    if (toUnicode) fonts.set(name, unicodeOf(objects.get(toUnicode) ?? ''));
  }
  let font = new Map<string, string>();
  const lines: string[] = [];
  for (const [token, name, array = ''] of raw.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (name && !token.endsWith('TJ')) {
      font = fonts.get(name) ?? new Map();
      continue;
    }
    const hex = [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, run = '']) => run).join('');
    lines.push((hex.match(/.{4}/g) ?? []).map((code) => font.get(code) ?? '\uFFFD').join(''));
  }
  return lines;
}

export function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

/** The width x height of each picture a PDF draws (a transparency mask counts as one too). */
export function imageSizesOf(pdf: Buffer): string[] {
  return [
    ...pdf.toString('latin1').matchAll(/\/Subtype \/Image\n[\s\S]*?\/Width (\d+)\n\/Height (\d+)/g),
  ].map(([, width, height]) => `${width}x${height}`);
}

/**
 * The same PDF with its deflated streams inflated, so that `textOf` reads what the server sends
 * (pdfkit deflates page content unless told not to).
 */
export function inflatedPdf(pdf: Buffer): Buffer {
  const raw = pdf.toString('latin1');
  const inflated = raw.replace(
    /\/Filter \/FlateDecode\n([\s\S]*?)>>\nstream\n([\s\S]*?)\nendstream/g,
    (_whole, rest: string, body: string) =>
      `${rest}>>\nstream\n${inflateSync(Buffer.from(body, 'latin1')).toString('latin1')}\nendstream`,
  );
  return Buffer.from(inflated, 'latin1');
}
