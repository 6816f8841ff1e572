import type { Language } from '@portal/domain/languages';
import { writtenDateTime, writtenQuarter } from '@portal/domain/display-filters';
import { formatRinggit, sumSen } from '@portal/domain/money';
import { paidWithText } from '@portal/domain/payment-methods';
import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';
import { html, type SafeHtml } from '@portal/domain/html';
import { emailDocument, emailFootnote, emailParagraph } from '../../mail/email-document';
import { wordsFor, type Words } from '@portal/domain/words/words';

/** The e-mail that carries the PDF receipt (the caller attaches it), in the payer's language. */
export function receiptEmail(
  receipt: Receipt,
  lang: Language,
): { subject: string; text: string; html: string } {
  const t = wordsFor(lang);
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
  const t = wordsFor(lang);
  const owed = receipt.refunds.filter((refund) => refund.kind === 'owed_back');
  const amount = formatRinggit(sumSen(owed.map((refund) => refund.amount)) || receipt.amount);
  const why = t(
    receipt.status === 'refund_due' ? 'receiptMail.refundBillsPaid' : 'receiptMail.refundCharged',
    { amount },
  );
  return render(
    {
      ...emailContent(receipt, lang, t),
      subject: t('receiptMail.refundSubject', { reference: receipt.reference }),
      intro: `${why} ${t('receiptMail.refundKeep')}`,
      paid: false,
      attached: false,
    },
    t,
  );
}

/**
 * The e-mail telling a payer that a payment which waited at their bank was not approved, rejected
 * or out of time (docs/payment-methods.md), and that its bills can be paid again.
 */
export function notApprovedEmail(
  receipt: Receipt,
  lang: Language,
): { subject: string; text: string; html: string } {
  const t = wordsFor(lang);
  const total = formatRinggit(receipt.amount);
  const what = t(
    receipt.status === 'expired'
      ? 'receiptMail.notApprovedTimedOut'
      : 'receiptMail.notApprovedRejected',
    { total },
  );
  return render(
    {
      ...emailContent(receipt, lang, t),
      subject: t('receiptMail.notApprovedSubject', { reference: receipt.reference }),
      intro: `${what} ${t('receiptMail.notApprovedNext')}`,
      attached: false,
    },
    t,
  );
}

/** The e-mail telling a payer that a refund reached their card's bank, in their language. */
export function refundedEmail(
  receipt: Receipt,
  refundId: number,
  lang: Language,
): { subject: string; text: string; html: string } {
  const t = wordsFor(lang);
  const refund = receipt.refunds.find((candidate) => candidate.id === refundId);
  if (!refund?.refunded_at)
    throw new Error(`Refund ${refundId} of ${receipt.reference} is not made`);
  const made = t('receiptMail.refunded', {
    amount: formatRinggit(refund.amount),
    date: writtenDateTime(refund.refunded_at, lang),
  });
  return render(
    {
      ...emailContent(receipt, lang, t),
      subject: t('receiptMail.refundedSubject', { reference: receipt.reference }),
      intro: `${made} ${t('receiptMail.refundKeep')}`,
      attached: false,
    },
    t,
  );
}

function render(content: EmailContent, t: Words) {
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

function emailContent(receipt: Receipt, lang: Language, t: Words): EmailContent {
  const paid = receipt.status === 'successful';
  const total = formatRinggit(receipt.amount);
  const status = t(`paymentStatus.${receipt.status}`);
  const facts: EmailContent['facts'] = [
    [t('receiptMail.reference'), receipt.reference],
    receipt.paid_at
      ? [t('receiptMail.datePaid'), writtenDateTime(receipt.paid_at, lang)]
      : [t('receiptMail.dateCreated'), writtenDateTime(receipt.created_at, lang)],
    [t('receiptMail.status'), status],
    [
      t('receipts.field.paymentMethod'),
      paidWithText(t(`paymentMethods.${receipt.method}`), receipt.method, receipt.channel),
    ],
  ];
  if (receipt.failure_reason) facts.push([t('receiptMail.failureReason'), receipt.failure_reason]);
  return {
    lang,
    paid,
    subject: t(paid ? 'receiptMail.paidSubject' : 'receiptMail.unpaidSubject', {
      reference: receipt.reference,
    }),
    greeting: t('receiptMail.greeting', { name: receipt.payer.full_name }),
    intro: paid
      ? t('receiptMail.paid', { total })
      : `${t('receiptMail.notPaid', { status })} ${t('receiptMail.notProofOfPayment')}`,
    facts,
    lines: receipt.items.map((item) => serviceLine(item, lang, t)),
    total,
    checkUrl: receipt.check_url,
    attached: true,
  };
}

/** `Label: value`, with the language's own colon. */
function field(t: Words, label: string, value: string): string {
  return t('printed.field', { label, value });
}

function serviceLine(item: ReceiptItem, lang: Language, t: Words): ServiceLine {
  const details = item.description ? [item.description] : [];
  if (item.paid_until) {
    details.push(field(t, t('receiptMail.paidUntil'), writtenQuarter(item.paid_until, lang)));
  }
  if (item.license_no) details.push(field(t, t('receiptMail.licenceNo'), item.license_no));
  if (item.discount > 0) {
    const label = item.discount_name?.[lang] ?? t('receiptMail.discount');
    details.push(field(t, label, formatRinggit(item.discount)));
  }
  if (item.tax > 0) details.push(field(t, t('receiptMail.taxIncluded'), formatRinggit(item.tax)));
  return {
    council: item.council_name,
    paymentType: t(`paymentTypes.${item.payment_type}`),
    accountNo: item.account_no,
    details,
    amount: formatRinggit(item.amount),
  };
}

function plainText(content: EmailContent, t: Words): string {
  const lines = content.lines.map((line, index) =>
    [
      `${index + 1}. ${line.council} - ${line.paymentType}`,
      `   ${field(t, t('receiptMail.accountNo'), line.accountNo)}`,
      ...line.details.map((detail) => `   ${detail}`),
      `   ${field(t, t('receiptMail.amount'), line.amount)}`,
    ].join('\n'),
  );
  return [
    content.greeting,
    content.intro,
    content.facts.map(([label, value]) => field(t, label, value)).join('\n'),
    ...lines,
    field(t, t('receiptMail.total'), content.total),
    ...(content.attached ? [t('receiptMail.pdfAttached')] : []),
    `${t('receiptMail.checkLink')}\n${content.checkUrl}`,
    t('mail.automatic'),
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

function htmlBody(content: EmailContent, t: Words): string {
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
        <th style="${cellStyle}">${t('receiptMail.council')}</th>
        <th style="${cellStyle}">${t('receiptMail.paymentType')}</th>
        <th style="${cellStyle}">${t('receiptMail.accountNo')}</th>
        <th style="${cellStyle}">${t('receiptMail.description')}</th>
        <th style="${amountCellStyle}">${t('receiptMail.amount')}</th>
      </tr>
      ${rows}
      <tr>
        <td colspan="4" style="${amountCellStyle}"><strong>${t('receiptMail.total')}</strong></td>
        <td style="${amountCellStyle}"><strong>${content.total}</strong></td>
      </tr>
    </table>`,
    content.attached ? emailParagraph(t('receiptMail.pdfAttached')) : html``,
    emailParagraph(
      html`${t('receiptMail.checkLink')}
        <a href="${content.checkUrl}" style="color:#1f3a5f">${content.checkUrl}</a>`,
    ),
    emailFootnote(t('mail.automatic')),
  ]);
}
