import { expect, test } from 'vitest';
import { cartItemFromRenewal } from '../cart';
import { activeLicence } from '../../test/portal-fixtures';
import { checkoutItemOf } from './create-checkout';

test('a licence renewal is sent with its period, for the server to price again', () => {
  const option = activeLicence.renewal.renewable ? activeLicence.renewal.options[0]! : undefined;
  expect(checkoutItemOf(cartItemFromRenewal(activeLicence, option!))).toEqual({
    council: 'mps',
    payment_type: 'license',
    account_no: 'LO-2026-001001',
    amount: 91_000,
    renewal: { period: 'next_year' },
  });
});
