import { expect, test } from 'vitest';
import { cardBrandOfNumber } from './card-numbers';

test('a masked card number names its network by its issuer digits, however it is masked', () => {
  expect(cardBrandOfNumber('411111******1111')).toBe('visa');
  expect(cardBrandOfNumber('5555554444')).toBe('mastercard');
  expect(cardBrandOfNumber('222100xxxxxx0009')).toBe('mastercard');
  expect(cardBrandOfNumber('378282*****0005')).toBe('amex');
  expect(cardBrandOfNumber('353011******0000')).toBe('jcb');
  expect(cardBrandOfNumber('621234******0000')).toBe('unionpay');
  // Discover, too few digits, or none: the receipt names no brand rather than a wrong one.
  expect(cardBrandOfNumber('601100******0000')).toBeNull();
  expect(cardBrandOfNumber('4111')).toBeNull();
  expect(cardBrandOfNumber('')).toBeNull();
  expect(cardBrandOfNumber(null)).toBeNull();
});
