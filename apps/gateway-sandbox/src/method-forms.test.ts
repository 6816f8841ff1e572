import { describe, expect, test } from 'vitest';
import { checkBankLogin, type BankLoginValues } from './method-forms';

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
