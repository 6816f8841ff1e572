import type { MessageKey } from './messages';
import { walletPins } from './test-channels';

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

export interface WalletValues {
  transaction: string;
  mobile: string;
  pin: string;
  /** `pay`, or `cancel` by the payer. */
  action: string;
}

export type WalletErrors = Partial<Record<'mobile' | 'pin', MessageKey>>;

export type WalletPin = keyof typeof walletPins;

export type WalletCheck = { ok: true; pin: WalletPin } | { ok: false; errors: WalletErrors };

export function readWalletForm(body: unknown): WalletValues {
  const text = textOf(body);
  return {
    transaction: text('transaction'),
    mobile: text('mobile'),
    pin: text('pin'),
    action: text('action'),
  };
}

/**
 * A Malaysian mobile number as people type it: 012-345 6789, +60 12 345 6789 or 60123456789;
 * mobiles are 01x and seven or eight more digits.
 */
export function isMalaysianMobile(typed: string): boolean {
  const digits = typed.replace(/[\s-]/g, '').replace(/^\+?60(?=1)/, '0');
  return /^01\d{8,9}$/.test(digits);
}

/** A wallet takes a mobile number and one of its test PINs; any other PIN is asked again. */
export function checkWallet(values: WalletValues): WalletCheck {
  const errors: WalletErrors = {};
  if (!isMalaysianMobile(values.mobile)) errors.mobile = 'mobileInvalid';
  if (!/^\d{6}$/.test(values.pin)) errors.pin = 'pinInvalid';
  else if (!(values.pin in walletPins)) errors.pin = 'pinWrong';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, pin: values.pin as WalletPin };
}
