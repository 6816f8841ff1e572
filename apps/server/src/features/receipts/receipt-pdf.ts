import {
  ellipsis,
  writtenDateTime,
  writtenPhone,
  writtenQuarter,
} from '@portal/domain/display-filters';
import { formatAmount, formatRinggit } from '@portal/domain/money';
import { refundWording } from '@portal/domain/refunds';
import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';
import { toBuffer } from 'bwip-js/node';
import { cardBrandNames } from '@portal/domain/cards';
import type { Language } from '@portal/domain/languages';
import { wordsFor, type WordKey } from '@portal/domain/words/words';
import {
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSection,
  drawTable,
  drawTotal,
  drawVerification,
  fonts,
  left,
  openOfficialPdf,
  style,
  write,
  type Field,
  type Pdf,
} from '../../lib/official-pdf';

/** Long descriptions are cut so that one table row always fits on a page. */
const maxDescriptionLength = 300;

/** The screen's receipt and the PDF name each thing in the same words (receipts.field). */
const tableColumns: { header: WordKey | '#'; width: number; align?: 'right' }[] = [
  { header: '#', width: 20 },
  { header: 'receipts.field.council', width: 96 },
  { header: 'receipts.field.type', width: 92 },
  { header: 'receipts.field.account', width: 90 },
  { header: 'receiptPdf.description', width: contentWidth - 20 - 96 - 92 - 90 - 76 },
  { header: 'receiptPdf.itemAmount', width: 76, align: 'right' },
];

export interface RenderReceiptPdfOptions {
  /** pdfkit deflates page content by default; tests turn it off to read the text. */
  compress?: boolean;
  /** The logos of the councils the header names, by council code, for those that have one. */
  councilLogos?: ReadonlyMap<string, Buffer> | undefined;
  /** The portal titles the councils set, by council code. */
  councilTitles?: ReadonlyMap<string, string> | undefined;
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
    author: councilsOf(receipt)
      .map((council) => council.name)
      .join(', '),
    subject: t('receiptPdf.subject'),
    created: new Date(receipt.paid_at ?? receipt.created_at),
    compress: options.compress,
  });

  const paid = receipt.status === 'successful';
  // Every council the payment paid, as the screen's receipt names them: a payment split across
  // three councils is a receipt of all three.
  drawCouncilHeader(
    doc,
    councilsOf(receipt).map((council) => ({
      ...council,
      logo: options.councilLogos?.get(council.code),
      productTitle: options.councilTitles?.get(council.code),
    })),
    t('receipts.receipt.title').toLocaleUpperCase(lang),
  );
  if (!paid) drawNotPaidBanner(doc, lang);
  drawDetails(doc, lang, receipt);
  drawItems(doc, lang, receipt.items);
  drawTotal(doc, t('receipts.field.total').toLocaleUpperCase(lang), formatRinggit(receipt.amount));
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

/** Each council of the payment once, in the order its lines name them. */
export function councilsOf(receipt: Receipt): { code: string; name: string }[] {
  const byCode = new Map(receipt.items.map((item) => [item.council, item.council_name]));
  return [...byCode].map(([code, name]) => ({ code, name }));
}

function drawNotPaidBanner(doc: Pdf, lang: Language): void {
  const t = wordsFor(lang);
  const top = doc.y;
  const height = 40;
  doc.rect(left, top, contentWidth, height).fill(colors.danger);
  style(doc, fonts.bold, 14, 'white');
  write(doc, t('receipts.receipt.notPaidStamp'), left, top + 7, {
    width: contentWidth,
    align: 'center',
  });
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
    { label: t('receipts.field.reference'), value: receipt.reference, bold: true },
    receipt.paid_at
      ? { label: t('receipts.field.paidAt'), value: writtenDateTime(receipt.paid_at, lang) }
      : { label: t('receiptPdf.dateCreated'), value: writtenDateTime(receipt.created_at, lang) },
    { label: t('receipts.field.status'), value: t(`paymentStatus.${receipt.status}`) },
    { label: t('receipts.field.total'), value: formatRinggit(receipt.amount), bold: true },
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
  // Two columns: names and e-mail addresses run long, and an address must print whole.
  drawSection(
    doc,
    t('receipts.field.payer'),
    [
      { label: t('receipts.field.name'), value: payer.full_name },
      { label: t('receipts.field.email'), value: payer.email },
      { label: t('receipts.field.phone'), value: writtenPhone(payer.phone) },
    ],
    2,
  );
  // A bank or wallet payment has no card: its bank or wallet is named instead, never a number.
  const paidFrom =
    receipt.method === 'card'
      ? [
          {
            label: t('receipts.field.cardNumber'),
            value:
              [card.brand && cardBrandNames[card.brand], card.masked_number]
                .filter(Boolean)
                .join(' ') || '-',
          },
          { label: t('receipts.field.bank'), value: card.bank ?? '-' },
        ]
      : [{ label: t('receipts.field.channel'), value: receipt.channel ?? '-' }];
  drawSection(
    doc,
    t('receipts.field.paymentMethod'),
    [
      { label: t('receipts.field.paymentMethod'), value: t(`paymentMethods.${receipt.method}`) },
      ...paidFrom,
      { label: t('receipts.field.approvalCode'), value: card.auth_code ?? '-' },
      { label: t('receiptPdf.transactionId'), value: card.trans_id ?? '-' },
    ],
    receipt.method === 'card' ? 3 : 4,
  );
}

function itemCells(lang: Language, item: ReceiptItem, index: number): string[] {
  const t = wordsFor(lang);
  const description = [ellipsis(item.description, maxDescriptionLength)];
  const field = (label: string, value: string) => t('printed.field', { label, value });
  if (item.paid_until) {
    description.push(field(t('receipts.field.paidUntil'), writtenQuarter(item.paid_until, lang)));
  }
  if (item.license_no) description.push(field(t('receiptPdf.licenceNo'), item.license_no));
  if (item.discount > 0) {
    const label = item.discount_name?.[lang] ?? t('receipts.field.discount');
    description.push(field(label, formatRinggit(item.discount)));
  }
  if (item.tax > 0)
    description.push(field(t('receipts.field.taxIncluded'), formatRinggit(item.tax)));
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
  const t = wordsFor(lang);
  const columns = tableColumns.map((column) => ({
    ...column,
    header: column.header === '#' ? '#' : t(column.header),
  }));
  drawTable(
    doc,
    t('receipts.receipt.servicesHeading'),
    columns,
    items.map((item, index) => itemCells(lang, item, index)),
  );
}

/** Across every page, so that no page of an unpaid receipt can be shown on its own as paid. */
function drawNotPaidWatermark(doc: Pdf, lang: Language): void {
  const centreX = doc.page.width / 2;
  const centreY = doc.page.height / 2;
  doc.save().rotate(-35, { origin: [centreX, centreY] });
  style(doc, fonts.bold, 60, colors.danger).fillOpacity(0.08);
  const options = { width: 600, align: 'center', lineBreak: false } as const;
  write(doc, wordsFor(lang)('receipts.receipt.notPaidStamp'), centreX - 300, centreY - 30, options);
  doc.restore();
}
