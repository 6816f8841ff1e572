import type { ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { ApiError } from '../../lib/api-client';
import type { BillList, FoundBill, LocalChargeQuote } from '@portal/domain/contracts/search';

/** What the result area shows after a search, a list search or a charge quote. */
export type SearchResult =
  | { kind: 'bill'; bill: FoundBill }
  | { kind: 'list'; by: 'plate' | 'owner'; list: BillList }
  | { kind: 'quote'; quote: LocalChargeQuote }
  | SearchRefusal;

/** A refusal as the result area tells it; for a payment in progress, when the hold on the bill ends. */
export interface SearchRefusal {
  kind: 'refused';
  code: RefusalCode;
  heldUntil?: string;
}

/**
 * No bill by that number, or one the server will not take payment for (docs/search.md): said in
 * the result area, with what to do, where it stays until the next search replaces it, rather than
 * in a snackbar that goes away and outlives the next result.
 */
const refusalCodes = [
  'not_found',
  'invalid_payment_type',
  'council_not_available',
  'payment_type_not_available',
  'license_status_not_allowed',
  'payment_in_progress',
] as const satisfies readonly ErrorCode[];

export type RefusalCode = (typeof refusalCodes)[number];

/** How a failed search is shown. */
export type SearchFailure =
  /** Under the fields, as the server's validation found them. */
  | { show: 'fields'; fields: Record<string, ValidationMessageKey> }
  /** In the result area. */
  | { show: 'result'; refusal: SearchRefusal }
  /** In the snackbar, in red: failures of the service. */
  | { show: 'snackbar'; code: ErrorCode };

function searchFailureOf(error: unknown): SearchFailure {
  if (!(error instanceof ApiError)) return { show: 'snackbar', code: 'internal_error' };
  if (error.code === 'validation_failed' && error.fields && Object.keys(error.fields).length > 0) {
    return { show: 'fields', fields: error.fields };
  }
  const refusal = refusalCodes.find((code) => code === error.code);
  if (refusal) {
    const heldUntil = error.items?.[0]?.release_at;
    return {
      show: 'result',
      refusal: { kind: 'refused', code: refusal, ...(heldUntil && { heldUntil }) },
    };
  }
  return { show: 'snackbar', code: error.code };
}

/**
 * Shows a failed search where it belongs: a refusal in the result area, the server's field errors
 * under the fields, anything else in the snackbar. Answers the code shown, so that the form can
 * put the reader back where to correct it; undefined when the fields tell it.
 */
export function showSearchFailure(
  error: unknown,
  show: {
    result: (result: SearchResult | null) => void;
    fields: (fields: Record<string, ValidationMessageKey>) => boolean;
    snackbar: (code: ErrorCode) => void;
  },
): ErrorCode | undefined {
  const failure = searchFailureOf(error);
  if (failure.show === 'result') {
    show.result(failure.refusal);
    return failure.refusal.code;
  }
  show.result(null);
  if (failure.show === 'fields' && show.fields(failure.fields)) return undefined;
  const code = failure.show === 'snackbar' ? failure.code : 'validation_failed';
  show.snackbar(code);
  return code;
}
