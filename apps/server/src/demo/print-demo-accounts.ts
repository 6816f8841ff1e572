import { findCouncil } from '@portal/domain/councils';
import { formatRinggit } from '@portal/domain/money';
import { Secret, TOTP } from 'otpauth';
import {
  demoAccounts,
  demoDrivers,
  demoLicenceApplications,
  demoLicencesOf,
  demoStaff,
  demoStaffPassword,
} from './demo-data';

/**
 * `npm run demo-accounts` prints accounts to paste into the search page; with `--json`, the
 * machine-readable list other tools rely on. The figures are the seed's:
 * an account paid since then owes less.
 */
const accounts = demoAccounts();
const licences = demoLicencesOf('mps');
const applications = demoLicenceApplications().filter((entry) => entry.councilCode === 'mps');
const drivers = demoDrivers();

function printTable(title: string, header: string[], rows: string[][]) {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  process.stdout.write(`\n${title}\n`);
  for (const row of [header, ...rows]) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
  }
}

if (process.argv.includes('--json')) {
  process.stdout.write(
    `${JSON.stringify({ accounts, drivers, licences, applications }, null, 2)}\n`,
  );
} else {
  printTable(
    'Accounts to search for and pay',
    ['Council', 'Payment type', 'Search for', 'Amount due'],
    accounts.map((account) => [
      findCouncil(account.council)?.shortName ?? account.council,
      account.payment_type,
      account.query,
      formatRinggit(account.amount),
    ]),
  );
  printTable(
    'Search by vehicle plate or by identity number (unpaid bills listed at the council)',
    ['Council', 'Vehicle plate', 'Bills', "Owner's IC", 'Bills'],
    drivers.map((driver) => [
      findCouncil(driver.council)?.shortName ?? driver.council,
      driver.plate,
      String(driver.plate_bills),
      driver.owner_ic,
      String(driver.owner_bills),
    ]),
  );
  printTable(
    'Licences at MPS (Sandakan), one of each status',
    ['Licence', 'Category', 'Kind', 'Status', 'Valid until', "Owner's IC"],
    licences.map((licence) => [
      licence.licence_no,
      licence.category,
      licence.kind,
      licence.status,
      licence.valid_until ?? '-',
      licence.owner_ic ?? '-',
    ]),
  );
  printTable(
    `Back-office staff at /#/office (password ${demoStaffPassword}; a code works once)`,
    ['E-mail', 'Role', 'Council', 'Authenticator secret', 'Code now'],
    demoStaff.map((member) => [
      member.email,
      member.role,
      member.councilCode ?? 'all',
      member.totpSecret,
      TOTP.generate({ secret: Secret.fromBase32(member.totpSecret) }),
    ]),
  );
  printTable(
    'Licence applications at MPS (Sandakan)',
    ['Reference', 'Status', 'Licence'],
    applications.map((application) => [
      application.displayReference,
      application.status,
      application.licenceNo ?? '-',
    ]),
  );
}
