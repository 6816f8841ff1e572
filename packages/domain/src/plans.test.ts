import { expect, test } from 'vitest';
import { planTypes, toPlanType } from './plans';

test('every plan type maps to itself', () => {
  for (const type of planTypes) expect(toPlanType(type)).toBe(type);
});

test('case, underscores and extra spaces do not change the plan type', () => {
  expect(toPlanType(' rezoning ')).toBe('REZONING');
  expect(toPlanType('private_building')).toBe('PRIVATE BUILDING');
  expect(toPlanType('Private   Building')).toBe('PRIVATE BUILDING');
});

test('any other plan is an engineering plan', () => {
  expect(toPlanType('drainage')).toBe('ENGINEERING');
  expect(toPlanType('')).toBe('ENGINEERING');
});
