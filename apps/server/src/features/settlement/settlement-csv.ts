import type { AuditEntry } from '@portal/domain/contracts/audit';
import type { SettlementReport } from '@portal/domain/contracts/settlement';
import { amountCell, csvDocument, malaysiaTime, textCell } from '../../lib/csv';

const header = [
  'reference',
  'entry',
  'posted_at_myt',
  'council',
  'payment_type',
  'account_no',
  'description',
  'amount_rm',
  'payment_method',
  'payment_channel',
];

/**
 * The day's settlement for the council's accounting system: a header, then a line per ledger
 * entry; amounts in ringgit with two decimals and no separators. UTF-8 with a byte-order mark, so
 * that a spreadsheet shows Malay and Chinese text as written.
 */
export function settlementCsv(report: SettlementReport): string {
  const lines = report.lines.map((line) => [
    ...[
      line.reference,
      line.entry,
      malaysiaTime(new Date(line.posted_at)),
      report.council,
      line.payment_type,
      line.account_no,
      line.description,
    ].map(textCell),
    amountCell(line.amount),
    ...[line.payment_method, line.payment_channel ?? ''].map(textCell),
  ]);
  return csvDocument(header, lines);
}

const auditHeader = ['at_myt', 'actor', 'action', 'target', 'reason', 'detail', 'ip', 'request_id'];

/**
 * What staff did about the council that day, from the audit log, to be kept with the day's
 * settlement: who looked at which payment, who refunded what, why.
 */
export function auditCsv(entries: AuditEntry[]): string {
  return csvDocument(
    auditHeader,
    entries.map((entry) =>
      [
        malaysiaTime(new Date(entry.at)),
        entry.actor,
        entry.action,
        entry.target ?? '',
        entry.reason ?? '',
        JSON.stringify(entry.detail),
        entry.ip,
        entry.request_id ?? '',
      ].map(textCell),
    ),
  );
}
