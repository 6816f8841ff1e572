import type { Language } from '@portal/domain/languages';
import { writtenDateTime, writtenQuarter } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';
import { html, type SafeHtml } from '@portal/domain/html';
import { emailDocument, emailFootnote, emailParagraph } from '../../mail/email-document';
import { paymentStatusNames, paymentTypeNames } from './receipt-text';

const ms = {
  paidSubject: 'Resit pembayaran',
  unpaidSubject: 'Status pembayaran',
  greeting: (name: string) => `Salam sejahtera ${name},`,
  field: (label: string, value: string) => `${label}: ${value}`,
  paid: (total: string) => `Terima kasih. Pembayaran anda sebanyak ${total} telah berjaya.`,
  notPaid: (status: string) => `Pembayaran anda belum selesai (status: ${status}).`,
  notProofOfPayment: 'E-mel ini dan resit yang dilampirkan bukan bukti pembayaran.',
  refundSubject: 'Bayaran balik',
  refundBillsPaid: (amount: string) =>
    `Kad anda telah dicaj ${amount} bagi pembayaran ini, tetapi bil tersebut telah pun dibayar sebelum itu. Amaun ini akan dikembalikan ke kad anda; anda tidak perlu berbuat apa-apa.`,
  refundCharged: (amount: string) =>
    `Kad anda telah dicaj ${amount} kali kedua bagi pembayaran yang sama. Caj kedua ini akan dikembalikan ke kad anda; anda tidak perlu berbuat apa-apa.`,
  refundKeep: 'Simpan e-mel ini dan nombor rujukan jika anda menghubungi PBT.',
  reference: 'No. Rujukan',
  datePaid: 'Tarikh Bayaran',
  dateCreated: 'Tarikh Dicipta',
  status: 'Status',
  failureReason: 'Sebab',
  council: 'PBT',
  paymentType: 'Jenis Bayaran',
  accountNo: 'No. Akaun',
  description: 'Keterangan',
  paidUntil: 'Dibayar Hingga',
  licenceNo: 'No. Lesen',
  amount: 'Amaun',
  total: 'Jumlah',
  pdfAttached: 'Resit anda dalam format PDF dilampirkan bersama e-mel ini.',
  checkLink: 'Semak keaslian resit ini:',
  automatic: 'E-mel ini dihantar secara automatik; sila jangan balas.',
};

type EmailText = typeof ms;

const en: EmailText = {
  paidSubject: 'Payment receipt',
  unpaidSubject: 'Payment status',
  greeting: (name) => `Dear ${name},`,
  field: (label, value) => `${label}: ${value}`,
  paid: (total) => `Thank you. Your payment of ${total} was successful.`,
  notPaid: (status) => `Your payment has not been completed (status: ${status}).`,
  notProofOfPayment: 'This e-mail and the attached receipt are not proof of payment.',
  refundSubject: 'Refund due',
  refundBillsPaid: (amount) =>
    `Your card was charged ${amount} for this payment, but the bills had already been paid by then. The amount will be refunded to your card; you do not need to do anything.`,
  refundCharged: (amount) =>
    `Your card was charged ${amount} a second time for the same payment. The second charge will be refunded to your card; you do not need to do anything.`,
  refundKeep: 'Keep this e-mail and the reference number if you contact the council.',
  reference: 'Reference No.',
  datePaid: 'Date Paid',
  dateCreated: 'Date Created',
  status: 'Status',
  failureReason: 'Reason',
  council: 'Council',
  paymentType: 'Payment Type',
  accountNo: 'Account No.',
  description: 'Description',
  paidUntil: 'Paid Until',
  licenceNo: 'Licence No.',
  amount: 'Amount',
  total: 'Total',
  pdfAttached: 'Your receipt is attached to this e-mail as a PDF.',
  checkLink: 'Check that this receipt is genuine:',
  automatic: 'This e-mail was sent automatically; please do not reply.',
};

const zh: EmailText = {
  paidSubject: '付款收据',
  unpaidSubject: '付款状态',
  greeting: (name) => `${name}，您好：`,
  field: (label, value) => `${label}：${value}`,
  paid: (total) => `谢谢。您已成功付款 ${total}。`,
  notPaid: (status) => `您的付款尚未完成（状态：${status}）。`,
  notProofOfPayment: '此邮件及所附收据并非付款证明。',
  refundSubject: '退款通知',
  refundBillsPaid: (amount) =>
    `您的卡已为此付款被扣 ${amount}，但相关账单在此之前已被缴付。该款项将退回您的卡，您无需采取任何行动。`,
  refundCharged: (amount) =>
    `您的卡为同一笔付款被第二次扣款 ${amount}。第二次扣款将退回您的卡，您无需采取任何行动。`,
  refundKeep: '如需联系地方政府，请保留此邮件及参考编号。',
  reference: '参考编号',
  datePaid: '付款日期',
  dateCreated: '创建日期',
  status: '状态',
  failureReason: '原因',
  council: '地方政府',
  paymentType: '付款类型',
  accountNo: '账号',
  description: '说明',
  paidUntil: '缴付至',
  licenceNo: '执照号码',
  amount: '金额',
  total: '总额',
  pdfAttached: '您的 PDF 格式收据已附在此邮件中。',
  checkLink: '核实此收据的真伪：',
  automatic: '此邮件由系统自动发送，请勿回复。',
};

export const receiptEmailTexts: Record<Language, EmailText> = { ms, en, zh };

/** The e-mail that carries the PDF receipt (the caller attaches it), in the payer's language. */
export function receiptEmail(
  receipt: Receipt,
  lang: Language,
): { subject: string; text: string; html: string } {
  const t = receiptEmailTexts[lang];
  return render(emailContent(receipt, lang, t), t);
}

/**
 * The e-mail telling a payer that money the gateway took is owed back to their card
 * (docs/payments.md): the bills had been paid meanwhile, or the card was charged twice.
 */
export function refundEmail(
  receipt: Receipt,
  lang: Language,
): { subject: string; text: string; html: string } {
  const t = receiptEmailTexts[lang];
  const amount = formatRinggit(receipt.refund?.amount ?? receipt.amount);
  const why = receipt.status === 'refund_due' ? t.refundBillsPaid(amount) : t.refundCharged(amount);
  return render(
    {
      ...emailContent(receipt, lang, t),
      subject: `${t.refundSubject} ${receipt.reference}`,
      intro: `${why} ${t.refundKeep}`,
      paid: false,
      attached: false,
    },
    t,
  );
}

function render(content: EmailContent, t: EmailText) {
  return {
    subject: content.subject,
    text: plainText(content, t),
    html: htmlBody(content, t),
  };
}

interface ServiceLine {
  council: string;
  paymentType: string;
  accountNo: string;
  /** The description, then the quarter paid until or the licence, when the line has them. */
  details: string[];
  amount: string;
}

interface EmailContent {
  lang: Language;
  paid: boolean;
  subject: string;
  greeting: string;
  /** What happened; for an unpaid receipt, with the warning that it proves no payment. */
  intro: string;
  facts: [label: string, value: string][];
  lines: ServiceLine[];
  total: string;
  checkUrl: string;
  /** Whether the receipt PDF goes with it. */
  attached: boolean;
}

function emailContent(receipt: Receipt, lang: Language, t: EmailText): EmailContent {
  const paid = receipt.status === 'successful';
  const total = formatRinggit(receipt.amount);
  const status = paymentStatusNames[lang][receipt.status];
  const facts: EmailContent['facts'] = [
    [t.reference, receipt.reference],
    receipt.paid_at
      ? [t.datePaid, writtenDateTime(receipt.paid_at, lang)]
      : [t.dateCreated, writtenDateTime(receipt.created_at, lang)],
    [t.status, status],
  ];
  if (receipt.failure_reason) facts.push([t.failureReason, receipt.failure_reason]);
  return {
    lang,
    paid,
    subject: `${paid ? t.paidSubject : t.unpaidSubject} ${receipt.reference}`,
    greeting: t.greeting(receipt.payer.full_name),
    intro: paid ? t.paid(total) : `${t.notPaid(status)} ${t.notProofOfPayment}`,
    facts,
    lines: receipt.items.map((item) => serviceLine(item, lang, t)),
    total,
    checkUrl: receipt.check_url,
    attached: true,
  };
}

function serviceLine(item: ReceiptItem, lang: Language, t: EmailText): ServiceLine {
  const details = item.description ? [item.description] : [];
  if (item.paid_until) details.push(t.field(t.paidUntil, writtenQuarter(item.paid_until, lang)));
  if (item.license_no) details.push(t.field(t.licenceNo, item.license_no));
  return {
    council: item.council_name,
    paymentType: paymentTypeNames[lang][item.payment_type],
    accountNo: item.account_no,
    details,
    amount: formatRinggit(item.amount),
  };
}

function plainText(content: EmailContent, t: EmailText): string {
  const lines = content.lines.map((line, index) =>
    [
      `${index + 1}. ${line.council} - ${line.paymentType}`,
      `   ${t.field(t.accountNo, line.accountNo)}`,
      ...line.details.map((detail) => `   ${detail}`),
      `   ${t.field(t.amount, line.amount)}`,
    ].join('\n'),
  );
  return [
    content.greeting,
    content.intro,
    content.facts.map(([label, value]) => t.field(label, value)).join('\n'),
    ...lines,
    t.field(t.total, content.total),
    ...(content.attached ? [t.pdfAttached] : []),
    `${t.checkLink}\n${content.checkUrl}`,
    t.automatic,
  ].join('\n\n');
}

/** Each text on a line of its own. */
function withBreaks(texts: string[]): SafeHtml[] {
  return texts.map((text, i) => (i === 0 ? html`${text}` : html`<br />${text}`));
}

const cellBorder = 'padding:8px;border-bottom:1px solid #d9dee4;vertical-align:top';
const cellStyle = `${cellBorder};text-align:left`;
const amountCellStyle = `${cellBorder};text-align:right;white-space:nowrap`;
const introStyle = 'margin:0 0 16px';
const warningStyle = `${introStyle};padding:12px;background:#fdecea;color:#b3261e;font-weight:bold`;

function htmlBody(content: EmailContent, t: EmailText): string {
  const facts = content.facts.map(
    ([label, value]) =>
      html` <tr>
        <td style="padding:2px 16px 2px 0;color:#5f6b7a">${label}</td>
        <td style="padding:2px 0"><strong>${value}</strong></td>
      </tr>`,
  );
  const rows = content.lines.map(
    (line) =>
      html` <tr>
        <td style="${cellStyle}">${line.council}</td>
        <td style="${cellStyle}">${line.paymentType}</td>
        <td style="${cellStyle}">${line.accountNo}</td>
        <td style="${cellStyle}">${withBreaks(line.details)}</td>
        <td style="${amountCellStyle}">${line.amount}</td>
      </tr>`,
  );
  return emailDocument(content.lang, content.subject, [
    html`<p style="${introStyle}">${content.greeting}</p>`,
    html`<p style="${content.paid ? introStyle : warningStyle}">${content.intro}</p>`,
    html`<table
      role="presentation"
      cellpadding="0"
      cellspacing="0"
      style="margin:0 0 16px;border-collapse:collapse"
    >
      ${facts}
    </table>`,
    html`<table
      cellpadding="0"
      cellspacing="0"
      style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:13px"
    >
      <tr style="background:#eef1f5">
        <th style="${cellStyle}">${t.council}</th>
        <th style="${cellStyle}">${t.paymentType}</th>
        <th style="${cellStyle}">${t.accountNo}</th>
        <th style="${cellStyle}">${t.description}</th>
        <th style="${amountCellStyle}">${t.amount}</th>
      </tr>
      ${rows}
      <tr>
        <td colspan="4" style="${amountCellStyle}"><strong>${t.total}</strong></td>
        <td style="${amountCellStyle}"><strong>${content.total}</strong></td>
      </tr>
    </table>`,
    content.attached ? emailParagraph(t.pdfAttached) : html``,
    emailParagraph(
      html`${t.checkLink}
        <a href="${content.checkUrl}" style="color:#1f3a5f">${content.checkUrl}</a>`,
    ),
    emailFootnote(t.automatic),
  ]);
}
