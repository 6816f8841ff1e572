import { expect, test } from 'vitest';
import {
  licenceKinds,
  licenceStatusAllowsPayment,
  licenceStatuses,
  payableLicenceStatuses,
} from './licences';

test('there are 16 licence statuses and 6 licence kinds', () => {
  expect(new Set(licenceStatuses).size).toBe(16);
  expect(licenceKinds).toEqual(['operasi', 'pasar', 'penjaja', 'kakilima', 'iklan', 'niaga']);
});

test('approved, active, expired and unpaid licences can be paid', () => {
  for (const status of ['approved', 'active', 'expired', 'unpaid']) {
    expect(licenceStatusAllowsPayment(status)).toBe(true);
  }
});

test('undecided, closed or already paid licences cannot be paid', () => {
  const refused = licenceStatuses.filter((s) => !licenceStatusAllowsPayment(s));
  expect(refused).toEqual(
    expect.arrayContaining(['pending', 'in_progress', 'reviewed', 'paid', 'terminated']),
  );
  expect(refused).toHaveLength(licenceStatuses.length - payableLicenceStatuses.length);
});

test('a status from council data is read regardless of case and spaces', () => {
  expect(licenceStatusAllowsPayment(' Active ')).toBe(true);
  expect(licenceStatusAllowsPayment('SUSPENDED')).toBe(false);
});

test('an unknown status cannot be paid', () => {
  expect(licenceStatusAllowsPayment('')).toBe(false);
  expect(licenceStatusAllowsPayment('renewable')).toBe(false);
});
