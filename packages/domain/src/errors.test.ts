import { expect, test } from 'vitest';
import { errorCodes, isErrorCode, isValidationMessageKey, validationMessageKeys } from './errors';

test('error codes and validation keys are each listed once', () => {
  expect(new Set(errorCodes).size).toBe(errorCodes.length);
  expect(new Set(validationMessageKeys).size).toBe(validationMessageKeys.length);
});

test('the error codes are recognised, sentences and other values are not', () => {
  expect(isErrorCode('payment_in_progress')).toBe(true);
  expect(isErrorCode('Email or password is incorrect')).toBe(false);
  expect(isErrorCode(undefined)).toBe(false);
});

test('validation keys are recognised, zod default messages are not', () => {
  expect(isValidationMessageKey('ic_length')).toBe(true);
  expect(isValidationMessageKey('Invalid input: expected string, received undefined')).toBe(false);
  expect(isValidationMessageKey(42)).toBe(false);
});
