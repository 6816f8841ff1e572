import { describe, expect, test } from 'vitest';
import { CART_STORAGE_KEY, readCartCount } from './cart-count';

describe('the cart count read from the local-storage mirror', () => {
  test('an empty, missing or unreadable mirror counts as 0', () => {
    expect(readCartCount()).toBe(0);
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCartCount()).toBe(0);
    window.localStorage.setItem(CART_STORAGE_KEY, '{"a":1}');
    expect(readCartCount()).toBe(0);
    window.localStorage.setItem(CART_STORAGE_KEY, '[]');
    expect(readCartCount()).toBe(0);
  });

  test('a mirror of three bills counts 3', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{}, {}, {}]));
    expect(readCartCount()).toBe(3);
  });
});
