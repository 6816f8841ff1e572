import { describe, expect, test } from 'vitest';
import {
  RECEIPT_TOKENS_KEY,
  latestPayment,
  receiptTokenFor,
  saveReceiptToken,
} from './receipt-tokens';

describe('the receipt tokens kept in this browser tab', () => {
  test('a token saved at checkout is found again by its reference, and the latest is known', () => {
    saveReceiptToken('A10-20261122-000123-AAAAAA', 'tok-123');
    saveReceiptToken('A10-20261122-000124-BBBBBB', 'tok-124');
    expect(receiptTokenFor('A10-20261122-000123-AAAAAA')).toBe('tok-123');
    expect(receiptTokenFor('A10-20261122-000124-BBBBBB')).toBe('tok-124');
    expect(receiptTokenFor('A10-20261122-000999-CCCCCC')).toBeUndefined();
    expect(receiptTokenFor('toString')).toBeUndefined();
    expect(latestPayment()).toEqual({
      reference: 'A10-20261122-000124-BBBBBB',
      receipt_token: 'tok-124',
    });
  });

  test('live in this tab’s session storage only, never in local storage', () => {
    saveReceiptToken('A10-20261122-000123-AAAAAA', 'tok-123');
    expect(window.localStorage.getItem(RECEIPT_TOKENS_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(RECEIPT_TOKENS_KEY)).toContain('tok-123');
  });

  test('are forgotten two hours after checkout', () => {
    const checkedOut = Date.now() - 2 * 60 * 60 * 1000 - 1;
    saveReceiptToken('A10-20261122-000123-AAAAAA', 'tok-old', checkedOut);
    expect(receiptTokenFor('A10-20261122-000123-AAAAAA')).toBeUndefined();
    expect(latestPayment()).toBeUndefined();
  });

  test('unreadable storage counts as no tokens, and saving repairs it', () => {
    window.sessionStorage.setItem(RECEIPT_TOKENS_KEY, '{not json');
    expect(receiptTokenFor('A10-20261122-000123-AAAAAA')).toBeUndefined();
    saveReceiptToken('A10-20261122-000123-AAAAAA', 'tok-123');
    expect(
      Object.keys(JSON.parse(window.sessionStorage.getItem(RECEIPT_TOKENS_KEY)!) as object),
    ).toEqual(['A10-20261122-000123-AAAAAA']);

    window.sessionStorage.setItem(RECEIPT_TOKENS_KEY, JSON.stringify(['tok', 'tok']));
    expect(receiptTokenFor('0')).toBeUndefined();
    window.sessionStorage.setItem(
      RECEIPT_TOKENS_KEY,
      JSON.stringify({ a: 'tok-a', b: { token: 'tok-b', savedAt: Date.now() } }),
    );
    expect(receiptTokenFor('a')).toBeUndefined();
    expect(receiptTokenFor('b')).toBe('tok-b');
  });

  test('only the newest twenty are kept', () => {
    for (let n = 1; n <= 25; n++) saveReceiptToken(`REF-${n}`, `tok-${n}`);
    const kept = Object.keys(
      JSON.parse(window.sessionStorage.getItem(RECEIPT_TOKENS_KEY)!) as object,
    );
    expect(kept).toHaveLength(20);
    expect(receiptTokenFor('REF-5')).toBeUndefined();
    expect(receiptTokenFor('REF-6')).toBe('tok-6');
    expect(receiptTokenFor('REF-25')).toBe('tok-25');
  });
});
