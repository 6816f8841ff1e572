import { malaysiaWallClock } from '@portal/domain/display-filters';
import { formatAmount } from '@portal/domain/money';

/**
 * CSV files for councils' spreadsheets and accounting systems (docs/back-office.md): every cell
 * quoted, UTF-8 with a byte-order mark so that Malay and Chinese text shows as written, lines
 * ended with CRLF.
 */

/**
 * A cell of text that came from people, always quoted. One a spreadsheet would read as a formula
 * (=, +, -, @, a tab or a carriage return first) gets a leading apostrophe, so that a crafted
 * description cannot run in the council's spreadsheet.
 */
export function textCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replaceAll('"', '""')}"`;
}

/** An amount the portal wrote, not a person: quoted, never neutralised, so that -5.00 stays a number. */
export function amountCell(sen: number): string {
  return `"${formatAmount(sen).replaceAll(',', '')}"`;
}

/** `2026-11-25 14:05:09`, in Malaysia time. */
export function malaysiaTime(instant: Date): string {
  return malaysiaWallClock(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/** The file: the header's names, then each line's cells, already written. */
export function csvDocument(header: string[], lines: string[][]): string {
  const rows = [header.map(textCell), ...lines].map((cells) => cells.join(','));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
