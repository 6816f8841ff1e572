import { describe, expect, test } from 'vitest';
import {
  checkBankLogin,
  checkWallet,
  isMalaysianMobile,
  type BankLoginValues,
} from './method-forms';

describe('a bank login', () => {
  const values: BankLoginValues = {
    transaction: 'id',
    companyId: '',
    userId: 'siti88',
    password: 'x',
    action: 'login',
  };

  test('takes any user ID and password, and asks no company ID of a personal account', () => {
    expect(checkBankLogin(values, false)).toEqual({});
  });

  test('asks a corporate bank’s payer for the company ID too', () => {
    expect(checkBankLogin(values, true)).toEqual({ companyId: 'companyIdRequired' });
    expect(checkBankLogin({ ...values, companyId: 'SYARIKAT1' }, true)).toEqual({});
  });

  test('takes no blank or overlong credential', () => {
    expect(checkBankLogin({ ...values, userId: '  ', password: 'p'.repeat(101) }, false)).toEqual({
      userId: 'userIdRequired',
      password: 'passwordRequired',
    });
  });
});

describe('Malaysian mobile numbers', () => {
  test.each(['012-345 6789', '0123456789', '011-2345 6789', '+60 12-345 6789', '60123456789'])(
    '%s is one',
    (typed) => {
      expect(isMalaysianMobile(typed)).toBe(true);
    },
  );

  test.each(['', '12345', '088-123456', '03-1234 5678', '012-345 678', '+65 9123 4567'])(
    '%s is not',
    (typed) => {
      expect(isMalaysianMobile(typed)).toBe(false);
    },
  );
});

describe('a wallet payment', () => {
  const values = { transaction: 'id', mobile: '012-345 6789', pin: '111111', action: 'pay' };

  test.each(['111111', '000000'])('takes the test PIN %s', (pin) => {
    expect(checkWallet({ ...values, pin })).toEqual({ ok: true, pin });
  });

  test('asks again for a PIN that is not a test PIN, or not six digits', () => {
    expect(checkWallet({ ...values, pin: '123456' })).toEqual({
      ok: false,
      errors: { pin: 'pinWrong' },
    });
    expect(checkWallet({ ...values, pin: '12345a', mobile: '5' })).toEqual({
      ok: false,
      errors: { mobile: 'mobileInvalid', pin: 'pinInvalid' },
    });
  });
});
