import { expect, test } from 'vitest';
import {
  channelLimits,
  channelOf,
  channelsOf,
  outsideLimits,
  paymentChannels,
  paymentMethods,
  writtenLimits,
} from './payment-methods';

test('every channel has its own PaymentId, and every method at least one channel', () => {
  const ids = paymentChannels.map((channel) => channel.paymentId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const method of paymentMethods) expect(channelsOf(method).length).toBeGreaterThan(0);
});

test("a card is iPay88's PaymentId 2, Maybank2u 6, and business accounts pay by Maybank2E, 178", () => {
  expect(channelOf('2')?.method).toBe('card');
  expect(channelOf('6')).toMatchObject({ method: 'online_banking', name: 'Maybank2u' });
  expect(channelOf('178')).toMatchObject({ method: 'corporate_banking', name: 'Maybank2E' });
  expect(channelOf('999')).toBeUndefined();
});

test('personal online banking takes RM 1.00 to RM 30,000.00, a business account up to RM 1 million', () => {
  const merchantMax = 200_000_000;
  expect(channelLimits(channelOf('6')!, merchantMax)).toEqual({ minSen: 100, maxSen: 3_000_000 });
  expect(channelLimits(channelOf('178')!, merchantMax)).toEqual({
    minSen: 200,
    maxSen: 100_000_000,
  });
});

test("a wallet's own lower limit, and the merchant's maximum, cap a channel", () => {
  expect(channelLimits(channelOf('523')!, 10_000_000).maxSen).toBe(150_000);
  expect(channelLimits(channelOf('2')!, 10_000_000).maxSen).toBe(10_000_000);
  expect(channelLimits(channelOf('178')!, 10_000_000).maxSen).toBe(10_000_000);
});

test('an amount is below, above or within a limit, the limits themselves included', () => {
  const limits = { minSen: 100, maxSen: 3_000_000 };
  expect(outsideLimits(limits, 99)).toBe('below');
  expect(outsideLimits(limits, 100)).toBeUndefined();
  expect(outsideLimits(limits, 3_000_000)).toBeUndefined();
  expect(outsideLimits(limits, 3_000_001)).toBe('above');
  expect(writtenLimits(limits)).toBe('RM 1.00 – RM 30,000.00');
});
