import { useMutation } from '@tanstack/react-query';
import type { LocalChargeForm } from '@portal/domain/forms';
import { searchApi } from '@portal/domain/contracts/search';
import { callEndpoint } from '../../lib/api-client';

/** The charge form (docs/search.md) for one council; the server works out days and amount. */
export type QuoteLocalChargeInput = Omit<LocalChargeForm, 'type'> & { council: string };

export function quoteLocalCharge(input: QuoteLocalChargeInput) {
  return callEndpoint(searchApi.quoteLocalCharge, { body: input });
}

export function useQuoteLocalCharge() {
  return useMutation({ mutationFn: quoteLocalCharge });
}
