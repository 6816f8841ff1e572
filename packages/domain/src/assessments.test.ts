import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  assessmentBalanceOf,
  assessmentOptions,
  assessmentSelections,
  chooseAssessmentAmount,
  type AssessmentBalance,
} from './assessments';

const balance: AssessmentBalance = {
  arrearsSen: 50_000,
  currentSen: 120_000,
  specialDiscountSen: 12_000,
  assessedYear: 2026,
};

const balances = fc
  .record({
    arrearsSen: fc.integer({ min: 0, max: 5_000_000 }),
    currentSen: fc.integer({ min: 0, max: 5_000_000 }),
    discountPercent: fc.integer({ min: 0, max: 100 }),
    assessedYear: fc.integer({ min: 2000, max: 2100 }),
  })
  .map(({ discountPercent, ...rest }) => ({
    ...rest,
    specialDiscountSen: Math.floor((rest.currentSen * discountPercent) / 100),
  }));

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

  test('a balance with arrears offers partial, arrears-only and full payment', () => {
    expect(assessmentOptions(balance)).toEqual([
      { selection: 'partial', code: 1, minimumSen: 1000, maximumSen: 158_000, paidUntil: '2026/4' },
      {
        selection: 'arrears',
        code: 2,
        minimumSen: 50_000,
        maximumSen: 50_000,
        paidUntil: '2025/4',
      },
      { selection: 'full', code: 3, minimumSen: 158_000, maximumSen: 158_000, paidUntil: '2026/4' },
    ]);
  });

  test('without arrears there is no arrears-only payment', () => {
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

  test('a partial payment pays the arrears first, then whole quarters of this year', () => {
    const paidUntil = (amountSen: number) => {
      const choice = chooseAssessmentAmount(balance, 'partial', amountSen);
      return choice.ok ? choice.paidUntil : choice.reason;
    };
    expect(paidUntil(10_000)).toBe('2024/4');
    expect(paidUntil(50_000)).toBe('2025/4');
    expect(paidUntil(79_999)).toBe('2025/4');
    expect(paidUntil(80_000)).toBe('2026/1');
    expect(paidUntil(157_999)).toBe('2026/3');
  });

  test('a partial amount above what the full payment costs is refused: it would pay more for less', () => {
    expect(chooseAssessmentAmount(balance, 'partial', 158_001)).toMatchObject({
      ok: false,
      reason: 'above_maximum',
    });
    expect(chooseAssessmentAmount(balance, 'partial', 170_000)).toMatchObject({
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
    });
  });

  test('amounts outside the option, fractions of a sen and missing options are refused', () => {
    expect(chooseAssessmentAmount(balance, 'partial', 999)).toMatchObject({
      reason: 'below_minimum',
    });
    expect(chooseAssessmentAmount(balance, 'partial', 170_001)).toMatchObject({
      reason: 'above_maximum',
    });
    expect(chooseAssessmentAmount(balance, 'full', 157_999)).toMatchObject({
      reason: 'below_minimum',
    });
    expect(chooseAssessmentAmount(balance, 'partial', 1500.5)).toMatchObject({
      reason: 'not_whole_sen',
    });
    expect(chooseAssessmentAmount({ ...balance, arrearsSen: 0 }, 'arrears', 50_000)).toMatchObject({
      reason: 'no_such_selection',
    });
  });

  test('every option lies within what is owed, in whole sen, and the full payment is the least total', () => {
    fc.assert(
      fc.property(balances, (account) => {
        const owed = account.arrearsSen + account.currentSen;
        const options = assessmentOptions(account);
        const full = options.find((option) => option.selection === 'full');
        for (const option of options) {
          // Nothing costs more than paying everything with the discount.
          expect(option.maximumSen).toBeLessThanOrEqual(full!.minimumSen);
          expect(Number.isSafeInteger(option.minimumSen)).toBe(true);
          expect(option.minimumSen).toBeGreaterThan(0);
          expect(option.minimumSen).toBeLessThanOrEqual(option.maximumSen);
          expect(option.maximumSen).toBeLessThanOrEqual(owed);
        }
      }),
    );
  });

  test('an accepted amount always lies between the option minimum and what is owed', () => {
    fc.assert(
      fc.property(
        balances,
        fc.constantFrom(...assessmentSelections),
        fc.integer({ min: -1000, max: 11_000_000 }),
        (account, selection, amountSen) => {
          const choice = chooseAssessmentAmount(account, selection, amountSen);
          const option = assessmentOptions(account).find((o) => o.selection === selection);
          if (!choice.ok) return;
          expect(option).toBeDefined();
          expect(choice.amountSen).toBe(amountSen);
          expect(amountSen).toBeGreaterThanOrEqual(option!.minimumSen);
          expect(amountSen).toBeLessThanOrEqual(account.arrearsSen + account.currentSen);
          expect(choice.paidUntil).toMatch(/^\d{4}\/[1-4]$/);
        },
      ),
    );
  });
});
