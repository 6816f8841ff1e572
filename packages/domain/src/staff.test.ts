import { expect, test } from 'vitest';
import { roleAllows } from './staff';

test('each role is allowed what the roles below it are, and no more', () => {
  expect(roleAllows('finance', 'officer')).toBe(true);
  expect(roleAllows('council_admin', 'finance')).toBe(true);
  expect(roleAllows('_admin', 'council_admin')).toBe(true);
  expect(roleAllows('officer', 'finance')).toBe(false);
  expect(roleAllows('council_admin', '_admin')).toBe(false);
});
