import { expect, test } from 'vitest';
import { compoundCategories, compoundCategoryOf, compoundTypes } from './compounds';

test('health compounds fall under the same category as their plain kind', () => {
  expect(compoundCategoryOf('health_individual')).toBe(compoundCategoryOf('individual'));
  expect(compoundCategoryOf('health_trading')).toBe(compoundCategoryOf('trading'));
});

test('city-control compounds are filtered as seizures and vehicle compounds as vehicles', () => {
  expect(compoundCategoryOf('citycontrol')).toBe('seizure');
  expect(compoundCategoryOf('vehicle')).toBe('vehicle');
});

test('every filter category holds at least one compound type', () => {
  expect(new Set(compoundTypes.map(compoundCategoryOf))).toEqual(new Set(compoundCategories));
});
