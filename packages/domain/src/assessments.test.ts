import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  assessmentBalanceOf,
  assessmentOptions,
  assessmentSelections,
  balanceAfterPayment,
  chooseAssessmentAmount,
  defaultAssessmentRates,
  type AssessmentBalance,
  type AssessmentRates,
} from './assessments';

// The worked example of docs/assessment.md.
const balance: AssessmentBalance = {
  arrearsSen: 50_000,
  currentSen: 120_000,
  specialDiscountSen: 12_000,
  assessedYear: 2026,
};
const campaign: AssessmentRates = { partialDiscountBp: 5000, arrearsDiscountBp: 1000 };

const balances = fc
  .record({
    arrearsSen: fc.integer({ min: 0, max: 5_000_000 }),
    currentSen: fc.integer({ min: 0, max: 5_000_000 }),
    // Above 100: a council's figure larger than the year's tax must still be safe.
    discountPercent: fc.integer({ min: 0, max: 120 }),
    assessedYear: fc.integer({ min: 2000, max: 2100 }),
  })
  .map(({ discountPercent, ...rest }) => ({
    ...rest,
    specialDiscountSen: Math.floor((rest.currentSen * discountPercent) / 100),
  }));

const rateSets = fc.record({
  partialDiscountBp: fc.integer({ min: 0, max: 10_000 }),
  arrearsDiscountBp: fc.integer({ min: 0, max: 10_000 }),
});

const owedOf = (account: AssessmentBalance) => account.arrearsSen + account.currentSen;

/** What the selection rule says a selection pays until. */
const ruleSaysPaidUntil = (selection: string, year: number) =>
  selection === 'arrears' ? `${year - 1}/4` : `${year}/4`;

describe('assessment options', () => {
  test("a bill's details give its balance; missing or bad figures count as nothing owed", () => {
    expect(
      assessmentBalanceOf({
        arrears_sen: 50_000,
        current_sen: 120_000,
        special_discount_sen: 12_000,
        assessed_year: 2026,
      }),
    ).toEqual(balance);
    expect(
      assessmentBalanceOf({ arrears_sen: '5', current_sen: 1.5, assessed_year: 2026 }),
    ).toEqual({ arrearsSen: 0, currentSen: 0, specialDiscountSen: 0, assessedYear: 2026 });
  });

  test('the three selections of the worked example, at the default rates', () => {
    expect(assessmentOptions(balance)).toEqual([
      {
        selection: 'partial',
        code: 1,
        minimumSen: 1000,
        maximumSen: 158_000,
        paidUntil: '2026/4',
        discountSen: 12_000,
      },
      {
        selection: 'arrears',
        code: 2,
        minimumSen: 50_000,
        maximumSen: 50_000,
        paidUntil: '2025/4',
        discountSen: 0,
      },
      {
        selection: 'full',
        code: 3,
        minimumSen: 158_000,
        maximumSen: 158_000,
        paidUntil: '2026/4',
        discountSen: 12_000,
      },
    ]);
  });

  test("a council's arrears waiver is the special discount of selection 2, and part of the full one", () => {
    const [, arrears, full] = assessmentOptions(balance, campaign);
    expect(arrears).toMatchObject({ minimumSen: 45_000, discountSen: 5000, paidUntil: '2025/4' });
    expect(full).toMatchObject({ minimumSen: 153_000, discountSen: 17_000, paidUntil: '2026/4' });
  });

  test('a partial payment earns the minimum special discount, in proportion, and is credited to the assessed year', () => {
    // RM 790 is half the full payment: half of half the RM 120 special discount.
    expect(chooseAssessmentAmount(balance, 'partial', 79_000)).toEqual({
      ok: true,
      selection: 'partial',
      amountSen: 79_000,
      paidUntil: '2026/4',
      discountSen: 3000,
    });
    // The same paid-until whatever the amount: the rule credits the assessed year.
    const small = chooseAssessmentAmount(balance, 'partial', 1000);
    expect(small).toMatchObject({ paidUntil: '2026/4', discountSen: 37 });
    // A council that grants no minimum special discount.
    const none = { partialDiscountBp: 0, arrearsDiscountBp: 0 };
    expect(chooseAssessmentAmount(balance, 'partial', 79_000, none)).toMatchObject({
      discountSen: 0,
    });
  });

  test('without arrears there is no arrears selection', () => {
    const selections = assessmentOptions({ ...balance, arrearsSen: 0 }).map((o) => o.selection);
    expect(selections).toEqual(['partial', 'full']);
  });

  test('nothing owed means nothing to choose', () => {
    expect(assessmentOptions({ ...balance, arrearsSen: 0, currentSen: 0 })).toEqual([]);
    // A discount as large as the tax leaves nothing to pay: no payment of RM 0.00 is offered.
    expect(
      assessmentOptions({ ...balance, arrearsSen: 0, currentSen: 1, specialDiscountSen: 1 }),
    ).toEqual([]);
  });

  test('a partial amount above what the full payment costs is refused: it would pay more for less', () => {
    expect(chooseAssessmentAmount(balance, 'partial', 158_001)).toMatchObject({
      ok: false,
      reason: 'above_maximum',
    });
  });

  test('a partial amount equal to the full payment is the full payment, discount included', () => {
    expect(chooseAssessmentAmount(balance, 'partial', 158_000)).toEqual({
      ok: true,
      selection: 'full',
      amountSen: 158_000,
      paidUntil: '2026/4',
      discountSen: 12_000,
    });
  });

  test('amounts outside the option, fractions of a sen and missing options are refused', () => {
    expect(chooseAssessmentAmount(balance, 'partial', 999)).toMatchObject({
      reason: 'below_minimum',
    });
    expect(chooseAssessmentAmount(balance, 'full', 157_999)).toMatchObject({
      reason: 'below_minimum',
    });
    expect(chooseAssessmentAmount(balance, 'arrears', 50_001)).toMatchObject({
      reason: 'above_maximum',
    });
    expect(chooseAssessmentAmount(balance, 'partial', 1500.5)).toMatchObject({
      reason: 'not_whole_sen',
    });
    expect(chooseAssessmentAmount({ ...balance, arrearsSen: 0 }, 'arrears', 50_000)).toMatchObject({
      reason: 'no_such_selection',
    });
  });

  test('every option lies within what is owed, in whole sen, follows its paid-until, and the full payment is the least total', () => {
    fc.assert(
      fc.property(balances, rateSets, (account, rates) => {
        const options = assessmentOptions(account, rates);
        const full = options.find((option) => option.selection === 'full');
        for (const option of options) {
          expect(option.maximumSen).toBeLessThanOrEqual(full!.minimumSen);
          expect(Number.isSafeInteger(option.minimumSen)).toBe(true);
          expect(option.minimumSen).toBeGreaterThan(0);
          expect(option.minimumSen).toBeLessThanOrEqual(option.maximumSen);
          expect(option.discountSen).toBeGreaterThanOrEqual(0);
          expect(option.maximumSen + option.discountSen).toBeLessThanOrEqual(owedOf(account));
          expect(option.paidUntil).toBe(ruleSaysPaidUntil(option.selection, account.assessedYear));
        }
      }),
    );
  });

  test('an accepted amount follows its selection, and amount plus discount never passes what is owed', () => {
    fc.assert(
      fc.property(
        balances,
        rateSets,
        fc.constantFrom(...assessmentSelections),
        fc.integer({ min: -1000, max: 11_000_000 }),
        (account, rates, selection, amountSen) => {
          const choice = chooseAssessmentAmount(account, selection, amountSen, rates);
          const options = assessmentOptions(account, rates);
          const option = options.find((o) => o.selection === selection);
          if (!choice.ok) return;
          const full = options.find((o) => o.selection === 'full')!;
          expect(option).toBeDefined();
          expect(choice.amountSen).toBe(amountSen);
          expect(amountSen).toBeGreaterThanOrEqual(option!.minimumSen);
          expect(amountSen).toBeLessThanOrEqual(option!.maximumSen);
          expect(choice.selection).toBe(amountSen === full.minimumSen ? 'full' : selection);
          expect(choice.paidUntil).toBe(ruleSaysPaidUntil(choice.selection, account.assessedYear));
          expect(choice.discountSen).toBeGreaterThanOrEqual(0);
          expect(choice.discountSen).toBeLessThanOrEqual(full.discountSen);
          expect(amountSen + choice.discountSen).toBeLessThanOrEqual(owedOf(account));
        },
      ),
    );
  });

  test('a payment credits exactly amount plus discount, never below zero, and paying in parts never costs less than in full', () => {
    fc.assert(
      fc.property(
        balances,
        rateSets,
        fc.constantFrom(...assessmentSelections),
        fc.integer({ min: 1000, max: 11_000_000 }),
        (account, rates, selection, amountSen) => {
          const choice = chooseAssessmentAmount(account, selection, amountSen, rates);
          if (!choice.ok) return;
          const after = balanceAfterPayment(account, choice);
          expect(after.arrearsSen).toBeGreaterThanOrEqual(0);
          expect(after.currentSen).toBeGreaterThanOrEqual(0);
          expect(after.specialDiscountSen).toBeGreaterThanOrEqual(0);
          if (choice.selection === 'full') {
            expect(owedOf(after)).toBe(0);
            return;
          }
          expect(owedOf(after)).toBe(owedOf(account) - amountSen - choice.discountSen);
          const fullNow = assessmentOptions(account, rates).find((o) => o.selection === 'full')!;
          const fullAfter = assessmentOptions(after, rates).find((o) => o.selection === 'full');
          expect(amountSen + (fullAfter?.minimumSen ?? 0)).toBeGreaterThanOrEqual(
            fullNow.minimumSen,
          );
        },
      ),
    );
  });

  test('the default rates are the documented ones', () => {
    expect(defaultAssessmentRates).toEqual({ partialDiscountBp: 5000, arrearsDiscountBp: 0 });
  });
});
