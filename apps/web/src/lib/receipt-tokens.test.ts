import { describe, expect, test } from 'vitest';
import { RECEIPT_TOKENS_KEY, receiptTokenFor, saveReceiptToken } from './receipt-tokens';

describe('the receipt tokens kept in this browser', () => {
  test('a token saved at checkout is found again by its reference', () => {
    saveReceiptToken('A10-20261122-000123', 'tok-123');
    saveReceiptToken('A10-20261122-000124', 'tok-124');
    expect(receiptTokenFor('A10-20261122-000123')).toBe('tok-123');
    expect(receiptTokenFor('A10-20261122-000124')).toBe('tok-124');
    expect(receiptTokenFor('A10-20261122-000999')).toBeUndefined();
    expect(receiptTokenFor('toString')).toBeUndefined();
  });

  test('unreadable storage counts as no tokens, and saving repairs it', () => {
    window.localStorage.setItem(RECEIPT_TOKENS_KEY, '{not json');
    expect(receiptTokenFor('A10-20261122-000123')).toBeUndefined();
    saveReceiptToken('A10-20261122-000123', 'tok-123');
    expect(JSON.parse(window.localStorage.getItem(RECEIPT_TOKENS_KEY)!)).toEqual({
      'A10-20261122-000123': 'tok-123',
    });

    window.localStorage.setItem(RECEIPT_TOKENS_KEY, JSON.stringify(['tok', 'tok']));
    expect(receiptTokenFor('0')).toBeUndefined();
    window.localStorage.setItem(RECEIPT_TOKENS_KEY, JSON.stringify({ a: 1, b: 'tok-b' }));
    expect(receiptTokenFor('a')).toBeUndefined();
    expect(receiptTokenFor('b')).toBe('tok-b');
  });

  test('only the newest twenty are kept', () => {
    for (let n = 1; n <= 25; n++) saveReceiptToken(`REF-${n}`, `tok-${n}`);
    const kept = Object.keys(JSON.parse(window.localStorage.getItem(RECEIPT_TOKENS_KEY)!));
    expect(kept).toHaveLength(20);
    expect(receiptTokenFor('REF-5')).toBeUndefined();
    expect(receiptTokenFor('REF-6')).toBe('tok-6');
    expect(receiptTokenFor('REF-25')).toBe('tok-25');
  });
});
