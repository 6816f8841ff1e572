import { findCouncil } from '@portal/domain/councils';
import { formatRinggit } from '@portal/domain/money';
import { demoAccounts } from './demo-data';

/**
 * `npm run demo-accounts` prints accounts to paste into the search page; with `--json`, the
 * machine-readable list other tools rely on. The figures are the seed's:
 * an account paid since then owes less.
 */
const accounts = demoAccounts();
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(accounts, null, 2)}\n`);
} else {
  const rows = accounts.map((account) => [
    findCouncil(account.council)?.shortName ?? account.council,
    account.payment_type,
    account.query,
    formatRinggit(account.amount),
  ]);
  const header = ['Council', 'Payment type', 'Search for', 'Amount due'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  for (const row of [header, ...rows]) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
  }
}
