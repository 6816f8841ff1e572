import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  licenceKinds,
  licenceValidOn,
  overlappingReductions,
  reductionOn,
  renewalOptions,
  type RenewalRules,
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

const rules: RenewalRules = {
  renewable_statuses: ['active', 'expired', 'approved'],
  early_renewal_days: 60,
  process_fee_sen: 1000,
  reductions: [],
};

describe('renewal', () => {
  test('a suspended licence may not renew', () => {
    expect(
      renewalOptions(
        { status: 'suspended', valid_until: '2026-12-31', monthly_fee_sen: 5000 },
        rules,
        '2026-11-25',
      ),
    ).toEqual({ renewable: false, reason: 'license_status_not_allowed' });
  });

  test('early renewal opens the set number of days before expiry, and says when', () => {
    const licence = { status: 'active', valid_until: '2027-12-31', monthly_fee_sen: 5000 };
    expect(renewalOptions(licence, rules, '2026-11-25')).toEqual({
      renewable: false,
      reason: 'early_renewal_closed',
      opens_on: '2027-11-01',
    });
    expect(renewalOptions(licence, rules, '2027-11-01').renewable).toBe(true);
  });

  test('an active licence renews from the day after it runs out, to the end of next year', () => {
    const answer = renewalOptions(
      { status: 'active', valid_until: '2026-12-31', monthly_fee_sen: 5000 },
      rules,
      '2026-11-25',
    );
    expect(answer).toEqual({
      renewable: true,
      options: [
        {
          period: 'next_year',
          valid_from: '2027-01-01',
          valid_until: '2027-12-31',
          months: 12,
          licence_fee_sen: 60000,
          process_fee_sen: 1000,
          reduction_sen: 0,
          amount_sen: 61000,
        },
      ],
    });
  });

  test('a licence lapsed for years renews from 1 January, for this year or to the end of next', () => {
    const answer = renewalOptions(
      { status: 'expired', valid_until: '2024-06-30', monthly_fee_sen: 2500 },
      rules,
      '2026-03-15',
    );
    expect(
      answer.renewable &&
        answer.options.map((o) => [o.period, o.valid_from, o.months, o.amount_sen]),
    ).toEqual([
      ['this_year', '2026-01-01', 12, 12 * 2500 + 1000],
      ['next_year', '2026-01-01', 24, 24 * 2500 + 1000],
    ]);
  });

  test('a licence that ran out this year is charged from the month after, a begun month in full', () => {
    const answer = renewalOptions(
      { status: 'expired', valid_until: '2026-04-15', monthly_fee_sen: 3000 },
      rules,
      '2026-11-25',
    );
    expect(answer.renewable && answer.options[0]).toMatchObject({
      valid_from: '2026-04-16',
      valid_until: '2026-12-31',
      months: 9,
    });
  });

  test('an approved licence never yet valid starts today', () => {
    const answer = renewalOptions(
      { status: 'approved', valid_until: null, monthly_fee_sen: 1000 },
      rules,
      '2026-11-25',
    );
    expect(answer.renewable && answer.options.map((o) => [o.valid_from, o.months])).toEqual([
      ['2026-11-25', 2],
      ['2026-11-25', 14],
    ]);
  });

  const name = { ms: 'Pengurangan', en: 'Reduction', zh: '减免' };
  const active = { status: 'active', valid_until: '2026-12-31', monthly_fee_sen: 3333 };

  test('a percentage reduction in force takes its percent off the licence fee, never the process fee', () => {
    const reduced = renewalOptions(
      active,
      {
        ...rules,
        reductions: [
          { name, method: 'percentage', percent: 20, from: '2026-12-01', to: '2026-12-31' },
        ],
      },
      '2026-12-01',
    );
    expect(reduced.renewable && reduced.options[0]).toMatchObject({
      licence_fee_sen: 39996,
      reduction_sen: 7999,
      amount_sen: 39996 + 1000 - 7999,
    });
  });

  test('a direct reduction takes its amount off the licence fee, never below zero', () => {
    const direct = (amount_sen: number) =>
      renewalOptions(
        active,
        {
          ...rules,
          reductions: [
            { name, method: 'direct', amount_sen, from: '2026-11-01', to: '2026-12-31' },
          ],
        },
        '2026-12-01',
      );
    const some = direct(5000);
    expect(some.renewable && some.options[0]).toMatchObject({
      licence_fee_sen: 39996,
      reduction_sen: 5000,
      amount_sen: 39996 + 1000 - 5000,
    });
    const more = direct(1_000_000);
    expect(more.renewable && more.options[0]).toMatchObject({
      reduction_sen: 39996,
      amount_sen: 1000,
    });
  });

  test('a reduction applies on the days of its dates only, both ends included', () => {
    const reductions = [
      { name, method: 'percentage' as const, percent: 50, from: '2026-11-10', to: '2026-11-10' },
      { name, method: 'direct' as const, amount_sen: 100, from: '2026-11-20', to: '2026-11-30' },
    ];
    const reductionOnDay = (day: string) => {
      const answer = renewalOptions(active, { ...rules, reductions }, day);
      return answer.renewable ? answer.options[0]!.reduction_sen : undefined;
    };
    expect(reductionOnDay('2026-11-09')).toBe(0);
    expect(reductionOnDay('2026-11-10')).toBe((12 * 3333) / 2);
    expect(reductionOnDay('2026-11-11')).toBe(0);
    expect(reductionOnDay('2026-11-20')).toBe(100);
    expect(reductionOnDay('2026-11-30')).toBe(100);
    expect(reductionOnDay('2026-12-01')).toBe(0);
    expect(reductionOn(reductions, '2026-11-25')).toBe(reductions[1]);
  });

  test('reductions that share a day overlap; ones that meet end to start do not', () => {
    expect(
      overlappingReductions([
        { from: '2026-01-01', to: '2026-01-31' },
        { from: '2026-02-01', to: '2026-02-28' },
      ]),
    ).toBeUndefined();
    expect(
      overlappingReductions([
        { from: '2026-01-01', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-31' },
        { from: '2026-01-31', to: '2026-02-10' },
      ]),
    ).toEqual([0, 2]);
    expect(
      overlappingReductions([
        { from: '2026-01-01', to: '2026-12-31' },
        { from: '2026-06-01', to: '2026-06-01' },
      ]),
    ).toEqual([0, 1]);
  });

  test('the price is always months x monthly fee + process fee - reduction, in whole sen, never negative', () => {
    const day = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2035-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.constantFrom('active', 'expired', 'approved'),
        fc.option(day, { nil: null }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(
          fc.oneof(
            fc.integer({ min: 1, max: 100 }).map((percent) => ({
              method: 'percentage' as const,
              percent,
            })),
            fc.integer({ min: 1, max: 100_000_000 }).map((amount_sen) => ({
              method: 'direct' as const,
              amount_sen,
            })),
          ),
          { nil: null },
        ),
        day,
        (status, validUntil, monthly, processFee, method, today) => {
          const answer = renewalOptions(
            { status, valid_until: validUntil, monthly_fee_sen: monthly },
            {
              ...rules,
              process_fee_sen: processFee,
              reductions: method === null ? [] : [{ ...method, name, from: today, to: today }],
            },
            today,
          );
          if (!answer.renewable) return;
          for (const option of answer.options) {
            expect(option.licence_fee_sen).toBe(option.months * monthly);
            expect(option.amount_sen).toBe(
              option.months * monthly + processFee - option.reduction_sen,
            );
            expect(Number.isSafeInteger(option.amount_sen)).toBe(true);
            expect(option.amount_sen).toBeGreaterThanOrEqual(processFee);
            expect(option.reduction_sen).toBeLessThanOrEqual(option.licence_fee_sen);
            expect(option.months).toBeGreaterThanOrEqual(1);
            expect(option.valid_from <= option.valid_until).toBe(true);
            if (validUntil) expect(option.valid_from > validUntil).toBe(true);
          }
        },
      ),
    );
  });
});

describe('verification', () => {
  const licence = { status: 'active', valid_from: '2026-01-01', valid_until: '2026-12-31' };

  test('an active licence is valid within its dates only', () => {
    expect(licenceValidOn(licence, '2026-01-01')).toBe(true);
    expect(licenceValidOn(licence, '2026-12-31')).toBe(true);
    expect(licenceValidOn(licence, '2027-01-01')).toBe(false);
    expect(licenceValidOn(licence, '2025-12-31')).toBe(false);
  });

  test('a licence that is not active is not valid, whatever its dates', () => {
    for (const status of ['suspended', 'expired', 'terminated', 'pending'])
      expect(licenceValidOn({ ...licence, status }, '2026-06-01')).toBe(false);
  });
});
