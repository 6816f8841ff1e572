import { expect, test } from 'vitest';
import { canMovePayment, paymentStatuses } from './payment-status';

const finals = ['successful', 'failed', 'cancelled', 'expired'] as const;

test('a created payment moves to in progress when the browser goes to the gateway', () => {
  expect(canMovePayment('created', 'in_progress')).toBe(true);
});

test('a created payment cannot be settled before it reaches the gateway', () => {
  for (const to of finals) expect(canMovePayment('created', to)).toBe(false);
});

test('a payment in progress ends successful, failed, cancelled or expired', () => {
  for (const to of finals) expect(canMovePayment('in_progress', to)).toBe(true);
  expect(canMovePayment('in_progress', 'created')).toBe(false);
});

test('nothing leaves a final state', () => {
  for (const from of finals) {
    for (const to of paymentStatuses) expect(canMovePayment(from, to)).toBe(false);
  }
});

test('staying in the same state is not a move', () => {
  for (const status of paymentStatuses) expect(canMovePayment(status, status)).toBe(false);
});
