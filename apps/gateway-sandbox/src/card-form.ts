import { banks } from '@portal/domain/banks';
import { malaysiaYearMonth } from './malaysia-time';
import type { MessageKey } from './messages';

/** The banks the card page offers: the sixteen Malaysian issuers the portal knows. */
export const issuingBanks = banks.map((bank) => bank.name);

/** How many years ahead the expiry year select reaches. */
const expiryYearsAhead = 10;

/** The card page's form as posted; the page and this parser share the names. */
export interface CardFormValues {
  transaction: string;
  cardNumber: string;
  cardName: string;
  expiryMonth: string;
  expiryYear: string;
  bank: string;
  cvv: string;
}

export type CardFormErrors = Partial<
  Record<'cardNumber' | 'cardName' | 'expiry' | 'bank' | 'cvv', MessageKey>
>;

export interface Card {
  /** Digits only. */
  number: string;
  name: string;
  bank: string;
}

export type CardCheck = { ok: true; card: Card } | { ok: false; errors: CardFormErrors };

export function readCardForm(body: unknown): CardFormValues & { cancelled: boolean } {
  const form = (body ?? {}) as Record<string, unknown>;
  const text = (name: keyof CardFormValues | 'action') => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    transaction: text('transaction'),
    cardNumber: text('cardNumber'),
    cardName: text('cardName'),
    expiryMonth: text('expiryMonth'),
    expiryYear: text('expiryYear'),
    bank: text('bank'),
    cvv: text('cvv'),
    cancelled: text('action') === 'cancel',
  };
}

export function expiryYears(now: Date): number[] {
  const { year } = malaysiaYearMonth(now);
  return Array.from({ length: expiryYearsAhead + 1 }, (_, offset) => year + offset);
}

/** The check digit scheme every card number carries (ISO/IEC 7812-1 annex B). */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card digits without the spaces or dashes people type; undefined unless 12 to 19 digits. */
function cardDigits(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}

function expiryError(values: CardFormValues, now: Date): MessageKey | undefined {
  const month = Number(values.expiryMonth);
  const year = Number(values.expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !expiryYears(now).includes(year)) {
    return 'expiryRequired';
  }
  const today = malaysiaYearMonth(now);
  // A card is valid through the last day of its expiry month.
  return year === today.year && month < today.month ? 'cardExpired' : undefined;
}

export function checkCard(values: CardFormValues, now: Date): CardCheck {
  const number = cardDigits(values.cardNumber);
  const name = values.cardName.trim();
  const errors: CardFormErrors = {};
  if (!number || !isLuhnValid(number)) errors.cardNumber = 'cardNumberInvalid';
  if (name.length === 0 || name.length > 100) errors.cardName = 'cardNameRequired';
  const expiry = expiryError(values, now);
  if (expiry) errors.expiry = expiry;
  if (!issuingBanks.some((bank) => bank === values.bank)) errors.bank = 'bankRequired';
  if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = 'cvvInvalid';

  if (number && Object.keys(errors).length === 0) {
    return { ok: true, card: { number, name, bank: values.bank } };
  }
  return { ok: false, errors };
}
