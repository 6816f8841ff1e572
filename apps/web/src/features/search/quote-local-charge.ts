import { useMutation } from '@tanstack/react-query';
import type { LocalChargeForm } from '@portal/domain/forms';
import { apiRequest } from '../../lib/api-client';
import type { LocalChargeQuote } from '@portal/domain/bills';

/** The charge form (docs/search.md) for one council; the server works out days and amount. */
export type QuoteLocalChargeInput = Omit<LocalChargeForm, 'type'> & { council: string };

export function quoteLocalCharge(input: QuoteLocalChargeInput): Promise<LocalChargeQuote> {
  return apiRequest<LocalChargeQuote>('/api/local-charges/quote', { method: 'POST', body: input });
}

export function useQuoteLocalCharge() {
  return useMutation({ mutationFn: quoteLocalCharge });
}
