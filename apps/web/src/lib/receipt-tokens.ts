/**
 * The receipt tokens this browser was handed at checkout, by payment reference. Checkout writes one
 * before leaving for the gateway; the confirmation and receipt screens read it when the gateway sends
 * the payer back, so a guest sees the payment without typing anything. Without a token the screens
 * ask for the reference and the payer's e-mail instead.
 */
export const RECEIPT_TOKENS_KEY = 'receipts.tokens';

/**
 * A token opens a receipt that names the payer, so a shared computer should not keep them all: the
 * newest few are enough to come back from the gateway and to print the receipt again.
 */
const KEEP = 20;

function readTokens(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECEIPT_TOKENS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    // Written by an older release or by hand: keep only reference -> token pairs of text.
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  } catch {
    return {}; // unreadable JSON, or storage blocked
  }
}

/** Remembers the token of a payment about to be made; the oldest beyond KEEP are forgotten. */
export function saveReceiptToken(reference: string, token: string): void {
  const tokens = Object.entries(readTokens()).filter(([key]) => key !== reference);
  tokens.push([reference, token]);
  try {
    window.localStorage.setItem(
      RECEIPT_TOKENS_KEY,
      JSON.stringify(Object.fromEntries(tokens.slice(-KEEP))),
    );
  } catch {
    // Storage full or blocked: the payer can still find the receipt with the reference and e-mail.
  }
}

/** The token of a payment made in this browser, if it is still kept. */
export function receiptTokenFor(reference: string): string | undefined {
  const tokens = readTokens();
  return Object.hasOwn(tokens, reference) ? tokens[reference] : undefined;
}
