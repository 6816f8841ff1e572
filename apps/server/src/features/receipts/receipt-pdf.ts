import { findCouncil } from '@portal/domain/councils';
import { ellipsis, writtenDateTime, writtenQuarter } from '@portal/domain/display-filters';
import { formatAmount, formatRinggit } from '@portal/domain/money';
import type { Sen } from '@portal/domain/money';
import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';
import { toBuffer } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { cardBrandNames } from '@portal/domain/cards';
import type { Language } from '@portal/domain/languages';
import { wordsFor, type WordKey } from '@portal/domain/words/words';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

type Pdf = PDFKit.PDFDocument;

/**
 * Noto Sans SC prints Malay, English and Chinese alike, so the receipt is in the payer's language;
 * pdfkit embeds only the glyphs a receipt uses, a few kilobytes. Read once, on the first receipt.
 */
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
const fonts = { regular: 'regular', bold: 'bold' } as const;

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

const colors = {
  ink: '#1a1a1a',
  muted: '#5f6b7a',
  rule: '#c8ced6',
  tableHead: '#eef1f5',
  accent: '#1f3a5f',
  gold: '#c9a227',
  danger: '#b3261e',
};

const a4Width = 595.28;
const margin = 42;
const footerHeight = 30;
const left = margin;
const right = a4Width - margin;
const contentWidth = right - left;
const cellPadding = 4;
/** Long descriptions are cut so that one table row always fits on a page. */
const maxDescriptionLength = 300;

const tableColumns: { header: WordKey | '#'; width: number; align?: 'right' }[] = [
  { header: '#', width: 20 },
  { header: 'receiptPdf.council', width: 96 },
  { header: 'receiptPdf.paymentType', width: 92 },
  { header: 'receiptPdf.accountNo', width: 90 },
  { header: 'receiptPdf.description', width: contentWidth - 20 - 96 - 92 - 90 - 76 },
  { header: 'receiptPdf.itemAmount', width: 76, align: 'right' },
];

export interface RenderReceiptPdfOptions {
  /** pdfkit deflates page content by default; tests turn it off to read the text. */
  compress?: boolean;
}

/** The receipt as an A4 PDF, in the payer's language. */
export async function renderReceiptPdf(
  receipt: Receipt,
  lang: Language,
  options: RenderReceiptPdfOptions = {},
): Promise<Buffer> {
  const t = wordsFor(lang);
  const [barcode, qrCode] = await Promise.all([
    // Height in millimetres: about 15 mm with the printed reference.
    toBuffer({ bcid: 'code128', text: receipt.reference, scale: 3, height: 11, includetext: true }),
    toBuffer({ bcid: 'qrcode', text: receipt.check_url, scale: 4 }),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    // Footers say "page 1 of n", known only once every page is laid out.
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: t('receiptPdf.title', { reference: receipt.reference }),
      Author: receipt.items[0]?.council_name ?? '',
      Subject: t('receiptPdf.subject'),
      // A fixed date keeps the file, and the ID pdfkit derives from it, the same on every render.
      CreationDate: new Date(receipt.paid_at ?? receipt.created_at),
    },
  });
  const pdf = collectBytes(doc);
  const { files } = loadFonts();
  doc.registerFont(fonts.regular, files.regular);
  doc.registerFont(fonts.bold, files.bold);

  const paid = receipt.status === 'successful';
  drawHeader(doc, lang, receipt.items[0]);
  if (!paid) drawNotPaidBanner(doc, lang);
  drawDetails(doc, lang, receipt);
  drawItems(doc, lang, receipt.items);
  drawTotal(doc, lang, receipt.amount);
  drawVerification(doc, lang, receipt.check_url, barcode, qrCode);
  drawPageFooters(doc, lang, receipt.reference, paid);

  doc.end();
  return pdf;
}

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
function write(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  doc.text(printable(text), x, y, { features: narrowMarks, ...options });
}

function textHeight(doc: Pdf, text: string, width: number): number {
  return doc.heightOfString(printable(text), { width, features: narrowMarks });
}

function style(doc: Pdf, font: string, size: number, color: string): Pdf {
  return doc.font(font).fontSize(size).fillColor(color);
}

function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

function rule(doc: Pdf, y: number, color = colors.rule, width = 0.75): void {
  doc.moveTo(left, y).lineTo(right, y).lineWidth(width).stroke(color);
}

function drawHeader(doc: Pdf, lang: Language, firstItem: ReceiptItem | undefined): void {
  const t = wordsFor(lang);
  const top = doc.y;
  const crest = { width: 46, height: 56 };
  // A receipt always has items; the header names the council of the first.
  if (firstItem) {
    const council = findCouncil(firstItem.council);
    drawCrest(doc, left, top, crest, council?.shortName ?? firstItem.council.toUpperCase());
    const textLeft = left + crest.width + 14;
    style(doc, fonts.bold, 16, colors.accent);
    write(doc, firstItem.council_name, textLeft, top + 12, { width: right - textLeft });
    if (council) {
      style(doc, fonts.regular, 9, colors.muted);
      write(doc, council.productTitle, textLeft, doc.y + 2, { width: right - textLeft });
    }
  }
  rule(doc, top + crest.height + 10, colors.accent, 1.5);
  style(doc, fonts.bold, 15, colors.ink);
  write(doc, t('receiptPdf.officialReceipt'), left, top + crest.height + 22, {
    width: contentWidth,
    align: 'center',
  });
  doc.y += 8;
}

/** There are no logo files to print: a plain shield with the council's initials stands in. */
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
function drawNotPaidBanner(doc: Pdf, lang: Language): void {
  const t = wordsFor(lang);
  const top = doc.y;
  const height = 40;
  doc.rect(left, top, contentWidth, height).fill(colors.danger);
  style(doc, fonts.bold, 14, 'white');
  write(doc, t('receiptPdf.notPaid'), left, top + 7, { width: contentWidth, align: 'center' });
  style(doc, fonts.regular, 8.5, 'white');
  write(doc, t('receiptPdf.notProofOfPayment'), left, doc.y + 2, {
    width: contentWidth,
    align: 'center',
  });
  doc.y = top + height + 8;
}

interface Field {
  label: string;
  value: string;
  bold?: boolean;
}

function drawDetails(doc: Pdf, lang: Language, receipt: Receipt): void {
  const t = wordsFor(lang);
  const payment: Field[] = [
    { label: t('receiptPdf.reference'), value: receipt.reference, bold: true },
    receipt.paid_at
      ? { label: t('receiptPdf.datePaid'), value: writtenDateTime(receipt.paid_at, lang) }
      : { label: t('receiptPdf.dateCreated'), value: writtenDateTime(receipt.created_at, lang) },
    { label: t('receiptPdf.status'), value: t(`paymentStatus.${receipt.status}`) },
    { label: t('receiptPdf.amount'), value: formatRinggit(receipt.amount), bold: true },
  ];
  if (receipt.failure_reason) {
    payment.push({ label: t('receiptPdf.failureReason'), value: receipt.failure_reason });
  }
  const { payer, card } = receipt;
  drawSection(doc, t('receiptPdf.payment'), payment, 4);
  // Three columns: names and e-mail addresses run long.
  drawSection(
    doc,
    t('receiptPdf.payer'),
    [
      { label: t('receiptPdf.name'), value: payer.full_name },
      { label: t('receiptPdf.email'), value: payer.email },
      { label: t('receiptPdf.phone'), value: payer.phone },
    ],
    3,
  );
  drawSection(
    doc,
    t('receiptPdf.card'),
    [
      {
        label: t('receiptPdf.cardNo'),
        value:
          [card.brand && cardBrandNames[card.brand], card.masked_number]
            .filter(Boolean)
            .join(' ') || '-',
      },
      { label: t('receiptPdf.bank'), value: card.bank ?? '-' },
      { label: t('receiptPdf.authCode'), value: card.auth_code ?? '-' },
      { label: t('receiptPdf.transactionId'), value: card.trans_id ?? '-' },
    ],
    4,
  );
}

function drawSectionTitle(doc: Pdf, title: string): void {
  // Never the last thing on a page: keeps the title with a first row of fields.
  ensureSpace(doc, 48);
  const top = doc.y + 6;
  style(doc, fonts.bold, 9, colors.accent);
  write(doc, title.toUpperCase(), left, top, { width: contentWidth });
  rule(doc, doc.y + 1);
  doc.y += 6;
}

/** Fields in a grid, each a small grey label over its value. */
function drawSection(doc: Pdf, title: string, fields: Field[], columns: number): void {
  drawSectionTitle(doc, title);
  const gap = 12;
  const width = (contentWidth - gap * (columns - 1)) / columns;
  for (let start = 0; start < fields.length; start += columns) {
    const row = fields.slice(start, start + columns);
    const heights = row.map((field) => {
      doc.font(fonts.regular).fontSize(7.5);
      const labelHeight = textHeight(doc, field.label, width);
      doc.font(field.bold ? fonts.bold : fonts.regular).fontSize(10);
      return labelHeight + 1 + textHeight(doc, field.value, width);
    });
    const rowHeight = Math.max(...heights);
    ensureSpace(doc, rowHeight);
    const top = doc.y;
    row.forEach((field, column) => {
      const x = left + column * (width + gap);
      style(doc, fonts.regular, 7.5, colors.muted);
      write(doc, field.label, x, top, { width });
      style(doc, field.bold ? fonts.bold : fonts.regular, 10, colors.ink);
      write(doc, field.value, x, doc.y + 1, { width });
    });
    doc.y = top + rowHeight + 6;
  }
}

function itemCells(lang: Language, item: ReceiptItem, index: number): string[] {
  const t = wordsFor(lang);
  const description = [ellipsis(item.description, maxDescriptionLength)];
  const field = (label: string, value: string) => t('printed.field', { label, value });
  if (item.paid_until) {
    description.push(field(t('receiptPdf.paidUntil'), writtenQuarter(item.paid_until, lang)));
  }
  if (item.license_no) description.push(field(t('receiptPdf.licenceNo'), item.license_no));
  return [
    String(index + 1),
    item.council_name,
    t(`paymentTypes.${item.payment_type}`),
    item.account_no,
    description.join('\n'),
    formatAmount(item.amount),
  ];
}

function drawItems(doc: Pdf, lang: Language, items: ReceiptItem[]): void {
  // Keeps the title and the table head with the first row.
  ensureSpace(doc, 120);
  drawSectionTitle(doc, wordsFor(lang)('receiptPdf.items'));
  drawTableHead(doc, lang);
  items.forEach((item, index) => {
    const cells = itemCells(lang, item, index);
    doc.font(fonts.regular).fontSize(8.5);
    const height = rowHeight(doc, cells);
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      drawTableHead(doc, lang);
    }
    const top = doc.y;
    drawRow(doc, cells, top, fonts.regular);
    doc.y = top + height;
    rule(doc, doc.y);
  });
}

function rowHeight(doc: Pdf, cells: string[]): number {
  const heights = tableColumns.map((column, i) =>
    textHeight(doc, cells[i] ?? '', column.width - 2 * cellPadding),
  );
  return Math.max(...heights) + 2 * cellPadding;
}

function drawRow(doc: Pdf, cells: string[], top: number, font: string): void {
  let x = left;
  tableColumns.forEach((column, i) => {
    style(doc, font, 8.5, colors.ink);
    write(doc, cells[i] ?? '', x + cellPadding, top + cellPadding, {
      width: column.width - 2 * cellPadding,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
}

function drawTableHead(doc: Pdf, lang: Language): void {
  const t = wordsFor(lang);
  const headers = tableColumns.map((column) => (column.header === '#' ? '#' : t(column.header)));
  doc.font(fonts.bold).fontSize(8.5);
  const height = rowHeight(doc, headers);
  const top = doc.y;
  doc.rect(left, top, contentWidth, height).fill(colors.tableHead);
  drawRow(doc, headers, top, fonts.bold);
  doc.y = top + height;
}

function drawTotal(doc: Pdf, lang: Language, amount: Sen): void {
  ensureSpace(doc, 30);
  const top = doc.y + 2;
  rule(doc, top, colors.ink, 1);
  const amountWidth = 140;
  style(doc, fonts.bold, 11, colors.ink);
  write(doc, wordsFor(lang)('receiptPdf.total'), left, top + 8, {
    width: contentWidth - amountWidth,
    align: 'right',
  });
  write(doc, formatRinggit(amount), right - amountWidth, top + 8, {
    width: amountWidth - cellPadding,
    align: 'right',
  });
  doc.y = top + 30;
}

/** The barcode carries the reference for counter scanners; the QR code opens the check page. */
function drawVerification(
  doc: Pdf,
  lang: Language,
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
  write(doc, wordsFor(lang)('receiptPdf.scanToCheck'), captionLeft, top + 24, {
    width: captionWidth,
    align: 'right',
  });
  style(doc, fonts.regular, 7, colors.muted);
  write(doc, checkUrl, captionLeft, doc.y + 3, { width: captionWidth, align: 'right' });
  doc.y = top + qrSize;
}

function drawPageFooters(doc: Pdf, lang: Language, reference: string, paid: boolean): void {
  const t = wordsFor(lang);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (!paid) drawNotPaidWatermark(doc, lang);
    const top = doc.page.height - margin - footerHeight + 10;
    rule(doc, top);
    style(doc, fonts.regular, 7, colors.muted);
    write(doc, t('receiptPdf.computerGenerated'), left, top + 5, {
      width: contentWidth,
      align: 'center',
    });
    const page = t('receiptPdf.page', { page: index - start + 1, count });
    write(doc, `${reference}  ·  ${page}`, left, doc.y + 2, {
      width: contentWidth,
      align: 'center',
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** Across every page, so that no page of an unpaid receipt can be shown on its own as paid. */
function drawNotPaidWatermark(doc: Pdf, lang: Language): void {
  const centreX = doc.page.width / 2;
  const centreY = doc.page.height / 2;
  doc.save().rotate(-35, { origin: [centreX, centreY] });
  style(doc, fonts.bold, 60, colors.danger).fillOpacity(0.08);
  const options = { width: 600, align: 'center', lineBreak: false } as const;
  write(doc, wordsFor(lang)('receiptPdf.notPaid'), centreX - 300, centreY - 30, options);
  doc.restore();
}
