import { describe, expect, test } from 'vitest';
import { checkCard, expiryYears, isLuhnValid, type CardFormValues } from './card-form';

// 15 May 2026, Malaysia time.
const now = new Date('2026-05-15T04:00:00Z');

const validForm: CardFormValues = {
  transaction: 'id',
  cardNumber: '4111 1111 1111 1111',
  cardName: '  Siti Aminah ',
  expiryMonth: '5',
  expiryYear: '2026',
  bank: 'Public Bank',
  cvv: '123',
};

describe('card numbers', () => {
  test.each(['4111111111111111', '5555555555554444', '378282246310005', '4000000000000002'])(
    '%s passes the Luhn check',
    (digits) => {
      expect(isLuhnValid(digits)).toBe(true);
    },
  );

  test.each(['4111111111111112', '5555555555554445', '1234567812345678'])(
    '%s fails the Luhn check',
    (digits) => {
      expect(isLuhnValid(digits)).toBe(false);
    },
  );

  test('may be typed with spaces or dashes', () => {
    const check = checkCard({ ...validForm, cardNumber: '4111-1111 1111-1111' }, now);
    expect(check).toEqual({
      ok: true,
      card: { number: '4111111111111111', name: 'Siti Aminah', bank: 'Public Bank' },
    });
  });

  test.each(['4111 1111 1111 1112', '4111', 'abcd efgh ijkl mnop', '4'.repeat(20)])(
    '%s is refused',
    (cardNumber) => {
      expect(checkCard({ ...validForm, cardNumber }, now)).toEqual({
        ok: false,
        errors: { cardNumber: 'cardNumberInvalid' },
      });
    },
  );
});

describe('expiry dates', () => {
  test('run from this year to ten years ahead', () => {
    expect(expiryYears(now)).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036,
    ]);
  });

  test('a card is valid through its expiry month', () => {
    expect(checkCard(validForm, now).ok).toBe(true);
  });

  test('a card from an earlier month this year has expired', () => {
    expect(checkCard({ ...validForm, expiryMonth: '4' }, now)).toEqual({
      ok: false,
      errors: { expiry: 'cardExpired' },
    });
  });

  test('the month turns at midnight in Malaysia, not in UTC', () => {
    // 31 May 2026, 16:30 UTC is already 1 June in Malaysia.
    const june = new Date('2026-05-31T16:30:00Z');
    expect(checkCard(validForm, june)).toMatchObject({ errors: { expiry: 'cardExpired' } });
  });

  test.each([
    ['no month', { expiryMonth: '' }],
    ['month 13', { expiryMonth: '13' }],
    ['a past year', { expiryYear: '2025' }],
    ['a year too far ahead', { expiryYear: '2037' }],
  ])('%s is refused', (_, change) => {
    expect(checkCard({ ...validForm, ...change }, now)).toMatchObject({
      errors: { expiry: 'expiryRequired' },
    });
  });
});

test('name, bank and CVV are required, each with its own message', () => {
  expect(
    checkCard({ ...validForm, cardName: ' ', bank: 'Bank of Nowhere', cvv: '12a' }, now),
  ).toEqual({
    ok: false,
    errors: { cardName: 'cardNameRequired', bank: 'bankRequired', cvv: 'cvvInvalid' },
  });
});

test('a four-digit CVV is accepted', () => {
  expect(checkCard({ ...validForm, cvv: '1234' }, now).ok).toBe(true);
});
