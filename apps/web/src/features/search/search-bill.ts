import { useMutation } from '@tanstack/react-query';
import type { PaymentType } from '@portal/domain/payment-types';
import { searchApi } from '@portal/domain/contracts/search';
import { callEndpoint } from '../../lib/api-client';

/** What the search form sends; the server trims and drops hyphens itself. */
export interface SearchBillInput {
  council: string;
  payment_type: Exclude<PaymentType, 'local_government_charge'>;
  query: string;
  plan_type?: string;
  compound_type?: string;
}

export function searchBill(input: SearchBillInput) {
  return callEndpoint(searchApi.find, { body: input });
}

/** Finds one bill; failures arrive as ApiError with the server's code (docs/search.md). */
export function useSearchBill() {
  return useMutation({ mutationFn: searchBill });
}
