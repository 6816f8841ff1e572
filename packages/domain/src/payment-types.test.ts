import { describe, expect, test } from 'vitest';
import {
  paymentTypes,
  searchablePaymentTypes,
  stripsHyphens,
  accountKey,
  toPaymentType,
} from './payment-types';

describe('toPaymentType', () => {
  test('every payment type maps to itself', () => {
    for (const type of paymentTypes) expect(toPaymentType(type)).toBe(type);
  });

  test('engineering is searched as engineer', () => {
    expect(toPaymentType('engineering')).toBe('engineer');
  });

  test('permit and trading licences are searched as licences', () => {
    expect(toPaymentType('council_permit_license')).toBe('license');
    expect(toPaymentType('trading_license')).toBe('license');
    expect(toPaymentType('license')).toBe('license');
  });

  test('every type but the local government charge form is found by a number', () => {
    expect(searchablePaymentTypes).toEqual([
      'assessment',
      'land_cess',
      'license',
      'compound',
      'ticket',
      'market',
      'booking',
      'engineer',
    ]);
  });

  test('a local government charge keeps its own type', () => {
    expect(toPaymentType('local_government_charge')).toBe('local_government_charge');
  });

  test('case and surrounding spaces do not matter', () => {
    expect(toPaymentType('  Assessment ')).toBe('assessment');
    expect(toPaymentType('TRADING_LICENSE')).toBe('license');
  });

  test('an unknown payment type is not mapped', () => {
    expect(toPaymentType('')).toBeUndefined();
    expect(toPaymentType('parking')).toBeUndefined();
    expect(toPaymentType('toString')).toBeUndefined();
    expect(toPaymentType('trading license')).toBeUndefined();
  });
});

describe('stripsHyphens', () => {
  test('only market, compound and licence searches drop hyphens', () => {
    expect(paymentTypes.filter(stripsHyphens)).toEqual(['license', 'compound', 'market']);
  });
});

describe('accountKey', () => {
  test('an account number is found however its spaces and case were typed', () => {
    expect(accountKey('assessment', ' a01 000137 ')).toBe('A01000137');
    expect(accountKey('compound', 'kp04-004 002')).toBe('KP04004002');
  });

  test('hyphens are dropped only where the payment type drops them', () => {
    expect(accountKey('engineer', 'PB/2026-01')).toBe('PB/2026-01');
    expect(accountKey('license', 'L-2026-0001')).toBe('L20260001');
  });
});
