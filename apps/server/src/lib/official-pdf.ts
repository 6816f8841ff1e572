import { findCouncil } from '@portal/domain/councils';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The official documents the portal prints (a receipt, a licence) share this: A4, the portal's
 * fonts in every language, the council's crest and name, labelled fields, a barcode and a QR code
 * to check the document, and numbered page footers.
 */

export type Pdf = PDFKit.PDFDocument;

/**
 * Noto Sans SC prints Malay, English and Chinese alike, so a document is in its reader's language;
 * pdfkit embeds only the glyphs a document uses, a few kilobytes. Read once, on the first document.
 */
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
export const fonts = { regular: 'regular', bold: 'bold' } as const;

interface LoadedFonts {
  files: Record<keyof typeof fonts, Buffer>;
  /** The characters both weights have a glyph for. */
  has: (char: string) => boolean;
}

let loadedFonts: LoadedFonts | undefined;

function loadFonts(): LoadedFonts {
  if (loadedFonts) return loadedFonts;
  const require = createRequire(import.meta.url);
  const files = {
    regular: readFileSync(require.resolve(fontFiles.regular)),
    bold: readFileSync(require.resolve(fontFiles.bold)),
  };
  const font = fontkit.create(files.regular) as fontkit.Font;
  loadedFonts = { files, has: (char) => font.hasGlyphForCodePoint(char.codePointAt(0)!) };
  return loadedFonts;
}

/**
 * A character the font lacks would print as an empty box: keep what it has, drop the accents it
 * lacks (ą → a), and print '?' for the rest (🙂 → ?).
 */
function printable(text: string): string {
  const { has } = loadFonts();
  return [...text]
    .map((char) => {
      if (char === '\n' || has(char)) return char;
      if (/\s/.test(char)) return ' ';
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && [...base].every(has) ? base : '?';
    })
    .join('');
}

export const colors = {
  ink: '#1a1a1a',
  muted: '#5f6b7a',
  rule: '#c8ced6',
  tableHead: '#eef1f5',
  accent: '#1f3a5f',
  gold: '#c9a227',
  danger: '#b3261e',
};

const a4Width = 595.28;
export const margin = 42;
export const footerHeight = 30;
export const left = margin;
export const right = a4Width - margin;
export const contentWidth = right - left;
export const cellPadding = 4;

function collectBytes(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The font's marks are as wide as a Chinese character: proportional widths keep a masked card
 * number (4111 11•• •••• 1111) on one line.
 */
const narrowMarks: PDFKit.Mixins.TextOptions['features'] = ['palt'];

/** All text goes through here, so that no character the payer typed prints as a box. */
export function write(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  doc.text(printable(text), x, y, { features: narrowMarks, ...options });
}

export function textHeight(doc: Pdf, text: string, width: number): number {
  return doc.heightOfString(printable(text), { width, features: narrowMarks });
}

/** Below this a value is hard to read on paper: it wraps instead. */
const smallestTokenSize = 7;

/**
 * The size to print a value at in the current font: `size`, or for one token too wide for `width`
 * (a reference, an account number, an e-mail address: nothing a reader may see cut in two) as much
 * smaller as puts it on one line, down to 7 points. Text with spaces wraps at them as usual.
 */
export function fittedSize(doc: Pdf, text: string, width: number, size: number): number {
  if (/\s/.test(text)) return size;
  doc.fontSize(size);
  const natural = doc.widthOfString(printable(text), { features: narrowMarks });
  if (natural <= width) return size;
  // A hair under, so that rounding never leaves the last letter on a line of its own.
  return Math.max(smallestTokenSize, (size * width) / natural - 0.05);
}

export function style(doc: Pdf, font: string, size: number, color: string): Pdf {
  return doc.font(font).fontSize(size).fillColor(color);
}

export function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

export function rule(doc: Pdf, y: number, color = colors.rule, width = 0.75): void {
  doc.moveTo(left, y).lineTo(right, y).lineWidth(width).stroke(color);
}

/** The council an official document is from, with its logo (a PNG or JPEG) when it has one. */
export interface PdfCouncil {
  code: string;
  name: string;
  logo?: Buffer | undefined;
  /** Its portal title as the council set it; the title it started with when not given. */
  productTitle?: string | undefined;
}

/**
 * The council's logo and name, a rule, and the document's title centred under them. A document of
 * several councils (a payment split across them) names every one: their crests side by side, and
 * their names.
 */
export function drawCouncilHeader(
  doc: Pdf,
  council: PdfCouncil | readonly PdfCouncil[],
  title: string,
): void {
  const all: readonly PdfCouncil[] = 'code' in council ? [council] : council;
  const top = doc.y;
  // Up to three crests at full size; more share the same room.
  const gap = 6;
  const width = Math.min(46, (3 * 46 + 2 * gap - (all.length - 1) * gap) / all.length);
  const crest = { width, height: (width * 56) / 46 };
  all.forEach((one, index) => {
    const x = left + index * (crest.width + gap);
    const known = findCouncil(one.code);
    if (one.logo) {
      doc.image(one.logo, x, top, {
        fit: [crest.width, crest.height],
        align: 'center',
        valign: 'center',
      });
    } else {
      drawCrest(doc, x, top, crest, known?.shortName ?? one.code.toUpperCase());
    }
  });
  const textLeft = left + all.length * (crest.width + gap) - gap + 14;
  const textWidth = right - textLeft;
  const only = all.length === 1 ? all[0] : undefined;
  if (only) {
    style(doc, fonts.bold, 16, colors.accent);
    write(doc, only.name, textLeft, top + 12, { width: textWidth });
    const productTitle = only.productTitle ?? findCouncil(only.code)?.productTitle;
    if (productTitle) {
      style(doc, fonts.regular, 9, colors.muted);
      write(doc, productTitle, textLeft, doc.y + 2, { width: textWidth });
    }
  } else {
    // One name a line, as many as the crests' height holds at 12 points, smaller beyond.
    const size = all.length <= 3 ? 12 : 9;
    style(doc, fonts.bold, size, colors.accent);
    write(doc, all.map((one) => one.name).join('\n'), textLeft, top + 2, { width: textWidth });
  }
  const bottom = Math.max(top + crest.height, doc.y);
  rule(doc, bottom + 10, colors.accent, 1.5);
  style(doc, fonts.bold, 15, colors.ink);
  write(doc, title, left, bottom + 22, { width: contentWidth, align: 'center' });
  doc.y += 8;
}

/** A council with no logo stored gets a plain shield with its initials instead. */
function drawCrest(
  doc: Pdf,
  x: number,
  y: number,
  size: { width: number; height: number },
  initials: string,
): void {
  const { width, height } = size;
  shieldPath(doc, x, y, width, height).fill(colors.accent);
  shieldPath(doc, x + 3, y + 3, width - 6, height - 6)
    .lineWidth(1)
    .stroke(colors.gold);

  doc.font(fonts.bold).fontSize(13);
  // The longest codes (MDNBWN) have six letters: shrink them to fit inside the border.
  const fontSize = Math.min(13, (13 * (width - 14)) / doc.widthOfString(initials));
  style(doc, fonts.bold, fontSize, 'white');
  write(doc, initials, x, y + height * 0.34 - fontSize / 2, {
    width,
    align: 'center',
    lineBreak: false,
  });

  // A small peak under the initials, for Mount Kinabalu.
  doc
    .moveTo(x + width * 0.28, y + height * 0.68)
    .lineTo(x + width * 0.42, y + height * 0.56)
    .lineTo(x + width * 0.5, y + height * 0.62)
    .lineTo(x + width * 0.58, y + height * 0.53)
    .lineTo(x + width * 0.72, y + height * 0.68)
    .lineWidth(1.2)
    .stroke(colors.gold);
}

function shieldPath(doc: Pdf, x: number, y: number, width: number, height: number) {
  return doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineTo(x + width, y + height * 0.55)
    .bezierCurveTo(
      x + width,
      y + height * 0.8,
      x + width * 0.72,
      y + height * 0.92,
      x + width / 2,
      y + height,
    )
    .bezierCurveTo(x + width * 0.28, y + height * 0.92, x, y + height * 0.8, x, y + height * 0.55)
    .closePath();
}

/** An unpaid receipt must never pass for proof of payment. */
export interface Field {
  label: string;
  value: string;
  bold?: boolean;
}

export function drawSectionTitle(doc: Pdf, title: string): void {
  // Never the last thing on a page: keeps the title with a first row of fields.
  ensureSpace(doc, 48);
  const top = doc.y + 6;
  style(doc, fonts.bold, 9, colors.accent);
  write(doc, title.toUpperCase(), left, top, { width: contentWidth });
  rule(doc, doc.y + 1);
  doc.y += 6;
}

/** Fields in a grid, each a small grey label over its value. */
export function drawSection(doc: Pdf, title: string, fields: Field[], columns: number): void {
  drawSectionTitle(doc, title);
  const gap = 12;
  const width = (contentWidth - gap * (columns - 1)) / columns;
  for (let start = 0; start < fields.length; start += columns) {
    const row = fields.slice(start, start + columns);
    const sizes = row.map((field) => {
      doc.font(field.bold ? fonts.bold : fonts.regular);
      return fittedSize(doc, field.value, width, 10);
    });
    const heights = row.map((field, column) => {
      doc.font(fonts.regular).fontSize(7.5);
      const labelHeight = textHeight(doc, field.label, width);
      doc.font(field.bold ? fonts.bold : fonts.regular).fontSize(sizes[column]!);
      return labelHeight + 1 + textHeight(doc, field.value, width);
    });
    const rowHeight = Math.max(...heights);
    ensureSpace(doc, rowHeight);
    const top = doc.y;
    row.forEach((field, column) => {
      const x = left + column * (width + gap);
      style(doc, fonts.regular, 7.5, colors.muted);
      write(doc, field.label, x, top, { width });
      style(doc, field.bold ? fonts.bold : fonts.regular, sizes[column]!, colors.ink);
      write(doc, field.value, x, doc.y + 1, { width });
    });
    doc.y = top + rowHeight + 6;
  }
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'right';
}

/** Each cell's text and the size it prints at in `font`: 8.5 points, or a long token smaller. */
function cellsOf(doc: Pdf, columns: TableColumn[], texts: string[], font: string) {
  doc.font(font);
  return columns.map((column, i) => {
    const text = texts[i] ?? '';
    return { text, size: fittedSize(doc, text, column.width - 2 * cellPadding, 8.5) };
  });
}

type Cell = ReturnType<typeof cellsOf>[number];

function rowHeight(doc: Pdf, columns: TableColumn[], cells: Cell[]): number {
  const heights = columns.map((column, i) => {
    doc.fontSize(cells[i]!.size);
    return textHeight(doc, cells[i]!.text, column.width - 2 * cellPadding);
  });
  return Math.max(...heights) + 2 * cellPadding;
}

function drawRow(doc: Pdf, columns: TableColumn[], cells: Cell[], top: number, font: string) {
  let x = left;
  columns.forEach((column, i) => {
    style(doc, font, cells[i]!.size, colors.ink);
    write(doc, cells[i]!.text, x + cellPadding, top + cellPadding, {
      width: column.width - 2 * cellPadding,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
}

function drawTableHead(doc: Pdf, columns: TableColumn[]): void {
  const headers = cellsOf(
    doc,
    columns,
    columns.map((column) => column.header),
    fonts.bold,
  );
  const height = rowHeight(doc, columns, headers);
  const top = doc.y;
  doc.rect(left, top, contentWidth, height).fill(colors.tableHead);
  drawRow(doc, columns, headers, top, fonts.bold);
  doc.y = top + height;
}

/**
 * A table under its title: a shaded head, then a row per entry, each kept whole on a page; a row
 * that does not fit starts a new page, which repeats the head.
 */
export function drawTable(doc: Pdf, title: string, columns: TableColumn[], rows: string[][]): void {
  // Keeps the title and the table head with the first row.
  ensureSpace(doc, 120);
  drawSectionTitle(doc, title);
  drawTableHead(doc, columns);
  for (const texts of rows) {
    const cells = cellsOf(doc, columns, texts, fonts.regular);
    const height = rowHeight(doc, columns, cells);
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      drawTableHead(doc, columns);
    }
    const top = doc.y;
    drawRow(doc, columns, cells, top, fonts.regular);
    doc.y = top + height;
    rule(doc, doc.y);
  }
}

/** The document's total: a heavy rule, then the label and the amount, right-aligned. */
export function drawTotal(doc: Pdf, label: string, amount: string): void {
  ensureSpace(doc, 30);
  const top = doc.y + 2;
  rule(doc, top, colors.ink, 1);
  const amountWidth = 140;
  style(doc, fonts.bold, 11, colors.ink);
  write(doc, label, left, top + 8, { width: contentWidth - amountWidth, align: 'right' });
  write(doc, amount, right - amountWidth, top + 8, {
    width: amountWidth - cellPadding,
    align: 'right',
  });
  doc.y = top + 30;
}

/** The barcode carries the document's number for counter scanners; the QR code opens its check. */
export function drawVerification(
  doc: Pdf,
  caption: string,
  checkUrl: string,
  barcode: Buffer,
  qrCode: Buffer,
): void {
  const qrSize = 84;
  const barcodeBox = { width: 220, height: 46 };
  ensureSpace(doc, qrSize + 16);
  const top = doc.y + 16;
  doc.image(barcode, left, top + (qrSize - barcodeBox.height) / 2, {
    fit: [barcodeBox.width, barcodeBox.height],
  });
  doc.image(qrCode, right - qrSize, top, { width: qrSize, height: qrSize });

  const captionWidth = 170;
  const captionLeft = right - qrSize - 12 - captionWidth;
  style(doc, fonts.bold, 8.5, colors.ink);
  write(doc, caption, captionLeft, top + 24, {
    width: captionWidth,
    align: 'right',
  });
  style(doc, fonts.regular, 7, colors.muted);
  write(doc, checkUrl, captionLeft, doc.y + 3, { width: captionWidth, align: 'right' });
  doc.y = top + qrSize;
}

/**
 * Every page's footer, once all are laid out: a rule, `note`, and the document's number with
 * "page n of m" (`pageText`). `onEachPage` draws anything else every page must carry.
 */
export function drawPageFooters(
  doc: Pdf,
  footer: { note: string; number: string; pageText: (page: number, count: number) => string },
  onEachPage: () => void = () => {},
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    onEachPage();
    const top = doc.page.height - margin - footerHeight + 10;
    rule(doc, top);
    style(doc, fonts.regular, 7, colors.muted);
    write(doc, footer.note, left, top + 5, {
      width: contentWidth,
      align: 'center',
    });
    const page = footer.pageText(index - start + 1, count);
    write(doc, `${footer.number}  ·  ${page}`, left, doc.y + 2, {
      width: contentWidth,
      align: 'center',
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/**
 * A new A4 document in the portal's fonts, and the bytes it will be once ended. Footers say
 * "page 1 of n", known only once every page is laid out, so pages stay buffered.
 */
export function openOfficialPdf(info: {
  title: string;
  author: string;
  subject: string;
  /** A fixed date keeps the file, and the ID pdfkit derives from it, the same on every render. */
  created: Date;
  /** pdfkit deflates page content by default; tests turn it off to read the text. */
  compress?: boolean | undefined;
}): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    bufferPages: true,
    compress: info.compress ?? true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      CreationDate: info.created,
    },
  });
  const bytes = collectBytes(doc);
  const { files } = loadFonts();
  doc.registerFont(fonts.regular, files.regular);
  doc.registerFont(fonts.bold, files.bold);
  return { doc, bytes };
}
