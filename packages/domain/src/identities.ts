/**
 * The identity documents a payer, a registered user or a licence owner may be known by, and each
 * one's own rule (docs/input-rules.md, "Identity numbers"). A number is kept as normalised here:
 * the form a council's records and our comparisons use, whatever spacing it was typed with.
 */
import { isoDateMs } from './calendar-days';
import type { ValidationMessageKey } from './errors';

/** The spec's five identity types; `new_id` (MyKad) is the default and the type of older rows. */
export const identityTypes = ['new_id', 'old_id', 'passport_id', 'police_id', 'army_id'] as const;
export type IdentityType = (typeof identityTypes)[number];

export const defaultIdentityType: IdentityType = 'new_id';

/** An identity document: its type and its number. */
export interface Identity {
  type: IdentityType;
  number: string;
}

export function isIdentityType(value: unknown): value is IdentityType {
  return typeof value === 'string' && (identityTypes as readonly string[]).includes(value);
}

/**
 * A MyKad starts with the birth date YYMMDD. The year is the most recent past one: 20YY unless
 * that date is still to come, then 19YY (which decides whether 29 February exists).
 */
function isBirthDate(yymmdd: string): boolean {
  const monthDay = `${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const thisCentury = isoDateMs(`20${yymmdd.slice(0, 2)}-${monthDay}`);
  if (thisCentury !== undefined && thisCentury <= Date.now()) return true;
  return isoDateMs(`19${yymmdd.slice(0, 2)}-${monthDay}`) !== undefined;
}

interface IdentityRule {
  /** What is dropped or changed before the number is checked, compared and stored. */
  normalise(typed: string): string;
  /** The message for a number that breaks the rule, or undefined for a good one. */
  problem(number: string): ValidationMessageKey | undefined;
}

/** Spaces, hyphens and slashes are how people group a number, never part of it. */
const ungrouped = (typed: string) => typed.replace(/[\s/-]/g, '').toUpperCase();

const rules: Record<IdentityType, IdentityRule> = {
  // 12 digits, the first six a birth date: 900101-12-5678.
  new_id: {
    normalise: ungrouped,
    problem: (number) =>
      !/^\d{12}$/.test(number)
        ? 'ic_length'
        : isBirthDate(number.slice(0, 6))
          ? undefined
          : 'ic_birth_date_invalid',
  },
  // The pre-1990 identity card: 7 digits, most with a letter before them (A1234567, H0123456).
  old_id: {
    normalise: ungrouped,
    problem: (number) => (/^[A-Z]?\d{7}$/.test(number) ? undefined : 'old_id_invalid'),
  },
  // ICAO 9303: letters and digits, 9 in the machine-readable line and up to 15 with its
  // extension; never shorter than 6 in practice, and never without a digit.
  passport_id: {
    normalise: ungrouped,
    problem: (number) =>
      /^[A-Z0-9]{6,15}$/.test(number) && /\d/.test(number) ? undefined : 'passport_invalid',
  },
  // Royal Malaysia Police numbers: a prefix of letters (RF, G, RFT…) and 4 to 8 digits.
  police_id: {
    normalise: ungrouped,
    problem: (number) => (/^[A-Z]{1,3}\d{4,8}$/.test(number) ? undefined : 'police_id_invalid'),
  },
  // Armed forces service numbers: digits, with a letter prefix in some services (T, N, M).
  army_id: {
    normalise: ungrouped,
    problem: (number) => (/^[A-Z]{0,3}\d{5,9}$/.test(number) ? undefined : 'army_id_invalid'),
  },
};

/** The number as kept, or the message saying why it cannot be one of this type. */
export function checkIdentity(
  type: IdentityType,
  typed: string,
): { number: string } | { problem: ValidationMessageKey } {
  const number = rules[type].normalise(typed);
  const problem = rules[type].problem(number);
  return problem ? { problem } : { number };
}

/** Whether two identities are the same person's document: same type, same number however typed. */
export function sameIdentity(a: Identity, b: Identity): boolean {
  return (
    a.type === b.type && rules[a.type].normalise(a.number) === rules[b.type].normalise(b.number)
  );
}

/**
 * What an identity's lookup hash is taken over: a MyKad number alone, as before there were other
 * types (so the hashes stored then still find their accounts); any other type with its name.
 */
export function identityLookupKey(type: IdentityType, number: string): string {
  return type === 'new_id' ? number : `${type}:${number}`;
}
