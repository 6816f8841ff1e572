/**
 * Money is an integer number of sen (RM 1.00 = 100) everywhere; only display code formats
 * ringgit. Nothing here does floating-point arithmetic on money.
 */
export type Sen = number;

/** A payable amount: a safe, non-negative integer. */
export function isSen(value: unknown): value is Sen {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** Throws a RangeError on a non-integer amount or a total beyond the safe integer range. */
export function sumSen(amounts: readonly Sen[]): Sen {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an amount in sen: ${amount}`);
    total += amount;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Total is beyond the safe integer range');
  return total;
}

/** `1,234.50`: two decimals, thousands separators, no currency (gateway fields, receipts). */
export function formatAmount(sen: Sen): string {
  if (!Number.isSafeInteger(sen)) throw new RangeError(`Not an amount in sen: ${sen}`);
  // Split the digits as text: dividing by 100 in floating point can round large amounts.
  const digits = String(Math.abs(sen)).padStart(3, '0');
  const ringgit = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sen < 0 ? '-' : ''}${ringgit}.${digits.slice(-2)}`;
}

/** `RM 1,234.50`; a negative amount reads `-RM 12.00`. */
export function formatRinggit(sen: Sen): string {
  const amount = formatAmount(sen);
  return amount.startsWith('-') ? `-RM ${amount.slice(1)}` : `RM ${amount}`;
}

/** `RM 10.00` that never breaks between RM and the figure, for an amount inside a sentence. */
export function ringgitInText(sen: Sen): string {
  return formatRinggit(sen).replace(' ', '\u00a0');
}

const ringgitPattern = /^(?:RM\s*)?([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i;

/**
 * Reads what a person types: `1234.5`, `1,234.50`, `RM 1,234.50`, `RM1234`. Undefined for anything
 * else: negatives, more than two decimals, misplaced commas, or more sen than a safe integer holds.
 */
export function parseRinggit(text: string): Sen | undefined {
  const match = ringgitPattern.exec(text.trim());
  if (!match) return undefined;
  const [, ringgit = '', cents = ''] = match;
  const sen = BigInt(ringgit.replaceAll(',', '') + cents.padEnd(2, '0'));
  return sen <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sen) : undefined;
}

/**
 * `wholeSen` × `partSen` / `ofSen`, rounded toward zero: the share of a tax or a discount that a
 * part of an amount carries. In BigInt, since the product of two large sums passes 2^53.
 */
export function proportionOf(wholeSen: Sen, partSen: Sen, ofSen: Sen): Sen {
  if (partSen === ofSen) return wholeSen;
  return Number((BigInt(wholeSen) * BigInt(partSen)) / BigInt(ofSen));
}
