import type { SettlementReport } from '@portal/domain/contracts/settlement';
import { malaysiaWallClock } from '@portal/domain/display-filters';
import { formatAmount } from '@portal/domain/money';

const header = [
  'reference',
  'entry',
  'posted_at_myt',
  'council',
  'payment_type',
  'account_no',
  'description',
  'amount_rm',
];

/**
 * One CSV cell, always quoted. A cell that a spreadsheet would read as a formula (=, +, -, @, a tab
 * or a carriage return first) gets a leading apostrophe, so that a crafted description cannot run
 * in the council's spreadsheet.
 */
function cell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replaceAll('"', '""')}"`;
}

/** An amount the portal wrote, not a person: quoted, never neutralised, so that -5.00 stays a number. */
function amountCell(sen: number): string {
  return `"${formatAmount(sen).replaceAll(',', '')}"`;
}

/** `2026-11-25 14:05:09`, in Malaysia time. */
function malaysiaTime(iso: string): string {
  return malaysiaWallClock(new Date(iso)).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The day's settlement for the council's accounting system: a header, then a line per ledger
 * entry; amounts in ringgit with two decimals and no separators. UTF-8 with a byte-order mark, so
 * that a spreadsheet shows Malay and Chinese text as written.
 */
export function settlementCsv(report: SettlementReport): string {
  const lines = report.lines.map((line) =>
    [
      ...[
        line.reference,
        line.entry,
        malaysiaTime(line.posted_at),
        report.council,
        line.payment_type,
        line.account_no,
        line.description,
      ].map(cell),
      amountCell(line.amount),
    ].join(','),
  );
  return `\uFEFF${[header.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
