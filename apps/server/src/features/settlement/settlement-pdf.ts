import { createHash, createHmac } from 'node:crypto';
import type { SettlementReport } from '@portal/domain/contracts/settlement';
import { findCouncil } from '@portal/domain/councils';
import { malaysiaDayRange, writtenDate, writtenTime } from '@portal/domain/display-filters';
import type { Language } from '@portal/domain/languages';
import { formatAmount, formatRinggit } from '@portal/domain/money';
import { wordsFor } from '@portal/domain/words/words';
import {
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSectionTitle,
  drawTable,
  drawTotal,
  ensureSpace,
  fonts,
  left,
  openOfficialPdf,
  style,
  write,
} from '../../lib/official-pdf';
import { settlementCsv } from './settlement-csv';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  return (bits.match(/.{5}/g) ?? []).map((chunk) => base32Alphabet[parseInt(chunk, 2)]).join('');
}

/**
 * The portal's signature of a council's day (docs/back-office.md): an HMAC over the day's
 * settlement exactly as its CSV says it, with a key only the portal holds, as 32 letters and
 * digits to type back. The ledger of a past day does not change, so the same day signs the same.
 */
export function settlementSignature(signingKey: string, report: SettlementReport): string {
  const key = createHash('sha256').update(`settlement-signature:${signingKey}`).digest();
  const mac = createHmac('sha256', key).update(settlementCsv(report)).digest();
  return base32(mac.subarray(0, 20));
}

/** The signature as printed: eight groups of four. */
export const printedSignature = (signature: string) => signature.match(/.{4}/g)!.join(' ');

/** The day's settlement as an A4 PDF, in the officer's language, signed by the portal. */
export async function renderSettlementPdf(
  report: SettlementReport,
  signature: string,
  lang: Language,
  options: {
    letterhead?: { logo: Buffer | undefined; productTitle: string | undefined };
    compress?: boolean;
  } = {},
): Promise<Buffer> {
  const t = wordsFor(lang);
  const council = findCouncil(report.council);
  const day = writtenDate(report.day, lang);
  const { doc, bytes } = openOfficialPdf({
    title: t('settlementPdf.title', { day }),
    author: council?.name ?? report.council,
    subject: t('settlementPdf.subject'),
    created: malaysiaDayRange(report.day).start,
    compress: options.compress,
  });
  drawCouncilHeader(
    doc,
    { code: report.council, name: council?.name ?? report.council, ...options.letterhead },
    t('settlementPdf.title', { day }),
  );
  const columns = [
    { header: t('settlementPdf.time'), width: 46 },
    { header: t('settlementPdf.reference'), width: 128 },
    { header: t('settlementPdf.type'), width: 80 },
    { header: t('settlementPdf.account'), width: 90 },
    { header: t('settlementPdf.description'), width: contentWidth - 46 - 128 - 80 - 90 - 72 },
    { header: t('settlementPdf.amount'), width: 72, align: 'right' as const },
  ];
  drawTable(
    doc,
    t('settlementPdf.lines', { count: report.count }),
    columns,
    report.lines.map((line) => [
      writtenTime(line.posted_at, lang),
      line.reference,
      t(`paymentTypes.${line.payment_type}`),
      line.account_no,
      line.entry === 'refund'
        ? t('printed.field', { label: t('settlementPdf.refund'), value: line.description })
        : line.description,
      formatAmount(line.amount),
    ]),
  );
  drawTotal(doc, t('settlementPdf.total'), formatRinggit(report.total));

  ensureSpace(doc, 80);
  drawSectionTitle(doc, t('settlementPdf.signatureTitle'));
  style(doc, fonts.bold, 13, colors.ink);
  write(doc, printedSignature(signature), left, doc.y + 4, { width: contentWidth });
  style(doc, fonts.regular, 8.5, colors.muted);
  write(doc, t('settlementPdf.signatureText'), left, doc.y + 6, { width: contentWidth });

  drawPageFooters(doc, {
    note: t('settlementPdf.computerGenerated'),
    number: `${report.council.toUpperCase()} ${report.day}`,
    pageText: (page, count) => t('receiptPdf.page', { page, count }),
  });
  doc.end();
  return bytes;
}
