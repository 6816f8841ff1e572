/**
 * The receipt tokens this browser tab was handed at checkout, by payment reference. Checkout writes
 * one before leaving for the gateway; the confirmation and receipt screens read it when the gateway
 * sends the payer back, so a guest sees the payment without typing anything, and the checkout page
 * offers to continue or cancel a payment left open. Without a token the screens ask for the
 * reference and the payer's e-mail instead.
 *
 * A token opens a receipt that names the payer, so it is kept in this tab's session storage only,
 * and for two hours (docs/personal-data.md): a shared computer does not keep them.
 */
export const RECEIPT_TOKENS_KEY = 'receipts.tokens';

const lifetimeMs = 2 * 60 * 60 * 1000;
/** The newest few are enough to come back from the gateway and to print the receipt again. */
const KEEP = 20;

interface KeptToken {
  token: string;
  /** When checkout handed it out (ms since 1970). */
  savedAt: number;
}

function isKeptToken(value: unknown): value is KeptToken {
  const kept = value as Partial<KeptToken> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    typeof kept.token === 'string' &&
    kept.token !== '' &&
    typeof kept.savedAt === 'number'
  );
}

/** The tokens still within their life, oldest first. */
function readTokens(now = Date.now()): [string, KeptToken][] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(RECEIPT_TOKENS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    // Written by an older release or by hand: keep only what has the shape of a token.
    return Object.entries(parsed).filter(
      (entry): entry is [string, KeptToken] =>
        isKeptToken(entry[1]) && now - entry[1].savedAt < lifetimeMs,
    );
  } catch {
    return []; // unreadable JSON, or storage blocked
  }
}

/** Remembers the token of a payment about to be made; the oldest beyond KEEP are forgotten. */
export function saveReceiptToken(reference: string, token: string, now = Date.now()): void {
  const tokens = readTokens(now).filter(([key]) => key !== reference);
  tokens.push([reference, { token, savedAt: now }]);
  try {
    window.sessionStorage.setItem(
      RECEIPT_TOKENS_KEY,
      JSON.stringify(Object.fromEntries(tokens.slice(-KEEP))),
    );
  } catch {
    // Storage full or blocked: the payer can still find the receipt with the reference and e-mail.
  }
}

/** The token of a payment made in this tab, if it is still kept. */
export function receiptTokenFor(reference: string): string | undefined {
  return readTokens().find(([key]) => key === reference)?.[1].token;
}

/** The payment this tab checked out last, with its token: the one a payer comes back to. */
export function latestPayment(): { reference: string; receipt_token: string } | undefined {
  const latest = readTokens().at(-1);
  return latest ? { reference: latest[0], receipt_token: latest[1].token } : undefined;
}
