import { describe, expect, test } from 'vitest';
import { checkBankLogin, type BankLoginValues } from './method-forms';

describe('a bank login', () => {
  const values: BankLoginValues = {
    transaction: 'id',
    userId: 'siti88',
    password: 'x',
    action: 'login',
  };

  test('takes any user ID and password', () => {
    expect(checkBankLogin(values)).toEqual({});
  });

  test('takes no blank or overlong credential', () => {
    expect(checkBankLogin({ ...values, userId: '  ', password: 'p'.repeat(101) })).toEqual({
      userId: 'userIdRequired',
      password: 'passwordRequired',
    });
  });
});
