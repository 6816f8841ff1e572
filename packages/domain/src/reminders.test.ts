import { expect, test } from 'vitest';
import { dueReminder, type RemindableBill } from './reminders';

const bill = (overrides: Partial<RemindableBill>): RemindableBill => ({
  paymentType: 'assessment',
  amountDueSen: 10_000,
  dueDate: null,
  details: {},
  ...overrides,
});

test('an assessment owing tax is reminded in the 14 days before 28 February and 31 August', () => {
  const owing = bill({});
  expect(dueReminder(owing, '2027-02-13')).toBeUndefined();
  expect(dueReminder(owing, '2027-02-14')).toEqual({
    kind: 'assessment',
    key: 'assessment:2027-02-28',
    date: '2027-02-28',
  });
  expect(dueReminder(owing, '2027-02-28')?.key).toBe('assessment:2027-02-28');
  // Land cess, the assessment's variant, keeps the same deadlines and the same preference.
  expect(dueReminder(bill({ paymentType: 'land_cess' }), '2027-02-14')?.key).toBe(
    'assessment:2027-02-28',
  );
  expect(dueReminder(owing, '2027-03-01')).toBeUndefined();
  expect(dueReminder(owing, '2027-08-20')?.key).toBe('assessment:2027-08-31');
  expect(dueReminder(bill({ amountDueSen: 0 }), '2027-02-20')).toBeUndefined();
});

test('a licence is reminded 30 days before it expires, then 7 days before, under two keys', () => {
  const licence = bill({
    paymentType: 'license',
    dueDate: '2027-12-31',
    details: { valid_until: '2027-06-30' },
  });
  expect(dueReminder(licence, '2027-05-30')).toBeUndefined();
  expect(dueReminder(licence, '2027-05-31')?.key).toBe('licence-expiry-30:2027-06-30');
  expect(dueReminder(licence, '2027-06-22')?.key).toBe('licence-expiry-30:2027-06-30');
  expect(dueReminder(licence, '2027-06-23')?.key).toBe('licence-expiry-7:2027-06-30');
  expect(dueReminder(licence, '2027-07-01')).toBeUndefined();
  // Without a validity on record, the bill's due date is its expiry.
  expect(
    dueReminder(bill({ paymentType: 'license', dueDate: '2027-01-31' }), '2027-01-25'),
  ).toEqual({ kind: 'license', key: 'licence-expiry-7:2027-01-31', date: '2027-01-31' });
});

test('a compound is reminded in the week before its due date; other types never', () => {
  const compound = bill({ paymentType: 'compound', dueDate: '2027-03-31' });
  expect(dueReminder(compound, '2027-03-23')).toBeUndefined();
  expect(dueReminder(compound, '2027-03-24')?.key).toBe('compound:2027-03-31');
  expect(dueReminder(bill({ paymentType: 'ticket', dueDate: '2027-03-31' }), '2027-03-30')).toBe(
    undefined,
  );
});
