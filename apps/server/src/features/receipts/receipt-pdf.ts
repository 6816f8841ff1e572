import { ellipsis, writtenDateTime, writtenQuarter } from '@portal/domain/display-filters';
import { formatAmount, formatRinggit } from '@portal/domain/money';
import type { Sen } from '@portal/domain/money';
import { refundWording } from '@portal/domain/refunds';
import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';
import { toBuffer } from 'bwip-js/node';
import { cardBrandNames } from '@portal/domain/cards';
import type { Language } from '@portal/domain/languages';
import { wordsFor, type WordKey } from '@portal/domain/words/words';
import {
  cellPadding,
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSection,
  drawSectionTitle,
  drawVerification,
  ensureSpace,
  fonts,
  left,
  openOfficialPdf,
  pageBottom,
  right,
  rule,
  style,
  textHeight,
  write,
  type Field,
  type Pdf,
} from '../../lib/official-pdf';

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
  /** The logo of the council the header names, when it has one. */
  councilLogo?: Buffer | undefined;
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
  const { doc, bytes } = openOfficialPdf({
    title: t('receiptPdf.title', { reference: receipt.reference }),
    author: receipt.items[0]?.council_name ?? '',
    subject: t('receiptPdf.subject'),
    created: new Date(receipt.paid_at ?? receipt.created_at),
    compress: options.compress,
  });

  const paid = receipt.status === 'successful';
  // A receipt always has items; the header names the council of the first.
  const first = receipt.items[0];
  if (first) {
    drawCouncilHeader(
      doc,
      { code: first.council, name: first.council_name, logo: options.councilLogo },
      t('receiptPdf.officialReceipt'),
    );
  }
  if (!paid) drawNotPaidBanner(doc, lang);
  drawDetails(doc, lang, receipt);
  drawItems(doc, lang, receipt.items);
  drawTotal(doc, lang, receipt.amount);
  drawVerification(doc, t('receiptPdf.scanToCheck'), receipt.check_url, barcode, qrCode);
  drawPageFooters(
    doc,
    {
      note: t('receiptPdf.computerGenerated'),
      number: receipt.reference,
      pageText: (page, count) => t('receiptPdf.page', { page, count }),
    },
    () => {
      if (!paid) drawNotPaidWatermark(doc, lang);
    },
  );

  doc.end();
  return bytes;
}

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
  for (const refund of receipt.refunds) {
    const { key, values } = refundWording(refund, lang);
    payment.push({ label: t('receipts.refunds.heading'), value: t(key, values) });
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
