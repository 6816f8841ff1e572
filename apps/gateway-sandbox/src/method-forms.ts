import type { MessageKey } from './messages';

/** A posted form's text fields; a field absent or sent twice reads as ''. */
function textOf(body: unknown): (name: string) => string {
  const form = (body ?? {}) as Record<string, unknown>;
  return (name) => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
}

/** The bank's login form as posted; the company ID only on a corporate bank's. */
export interface BankLoginValues {
  transaction: string;
  companyId: string;
  userId: string;
  password: string;
  /** `login`, or `cancel` by the payer. */
  action: string;
}

export type BankLoginErrors = Partial<Record<'companyId' | 'userId' | 'password', MessageKey>>;

export function readBankLogin(body: unknown): BankLoginValues {
  const text = textOf(body);
  return {
    transaction: text('transaction'),
    companyId: text('companyId'),
    userId: text('userId'),
    password: text('password'),
    action: text('action'),
  };
}

const longestCredential = 100;

const filledIn = (value: string) => value.trim() !== '' && value.length <= longestCredential;

/** A test bank takes any credentials, but not none: a login without them is asked again. */
export function checkBankLogin(values: BankLoginValues, corporate: boolean): BankLoginErrors {
  const errors: BankLoginErrors = {};
  if (corporate && !filledIn(values.companyId)) errors.companyId = 'companyIdRequired';
  if (!filledIn(values.userId)) errors.userId = 'userIdRequired';
  if (!filledIn(values.password)) errors.password = 'passwordRequired';
  return errors;
}

/** A bank page's button press: which button, for which payment. */
export function readBankAction(body: unknown): { transaction: string; action: string } {
  const text = textOf(body);
  return { transaction: text('transaction'), action: text('action') };
}
