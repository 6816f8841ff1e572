import { expect, test } from 'vitest';
import { canMovePayment, isOpenPayment, paymentStatuses, statusesMovingTo } from './payment-status';

const closed = ['failed', 'cancelled', 'expired'] as const;
const final = ['successful', 'refund_due'] as const;

test('a created payment moves to in progress when the browser goes to the gateway', () => {
  expect(canMovePayment('created', 'in_progress')).toBe(true);
});

test('a created payment never becomes a refund, and never goes back', () => {
  expect(canMovePayment('created', 'refund_due')).toBe(false);
  expect(canMovePayment('in_progress', 'created')).toBe(false);
});

test('a payment in progress ends successful, failed, cancelled or expired', () => {
  for (const to of ['successful', ...closed] as const) {
    expect(canMovePayment('in_progress', to)).toBe(true);
  }
  expect(canMovePayment('in_progress', 'created')).toBe(false);
  expect(canMovePayment('in_progress', 'refund_due')).toBe(false);
});

test('a closed payment the gateway later approves is settled or owed back, nothing else', () => {
  for (const from of closed) {
    expect(paymentStatuses.filter((to) => canMovePayment(from, to))).toEqual([
      'successful',
      'refund_due',
    ]);
  }
});

test('nothing leaves a final state', () => {
  for (const from of final) {
    for (const to of paymentStatuses) expect(canMovePayment(from, to)).toBe(false);
  }
});

test('staying in the same state is not a move', () => {
  for (const status of paymentStatuses) expect(canMovePayment(status, status)).toBe(false);
});

test('a payment holds its bills from checkout until it is paid or closed, pending included', () => {
  expect(paymentStatuses.filter(isOpenPayment)).toEqual(['created', 'in_progress', 'pending']);
});

test('a payment pending at the bank is approved, rejected or let go, but never cancelled', () => {
  expect(paymentStatuses.filter((to) => canMovePayment('pending', to))).toEqual([
    'successful',
    'failed',
    'expired',
  ]);
  expect(canMovePayment('in_progress', 'pending')).toBe(true);
  expect(canMovePayment('failed', 'pending')).toBe(false);
});

test('a statement that moves payments to a state names the states the lifecycle allows', () => {
  expect(statusesMovingTo('in_progress')).toEqual(['created']);
  expect(statusesMovingTo('refund_due')).toEqual(['failed', 'cancelled', 'expired']);
});
