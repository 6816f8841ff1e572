import { useMutation } from '@tanstack/react-query';
import type { PaymentType } from '@portal/domain/payment-types';
import { apiRequest } from '../../lib/api-client';
import type { FoundBill } from '@portal/domain/bills';

/** `POST /api/search`'s body; the server trims and drops hyphens itself. */
export interface SearchBillInput {
  council: string;
  payment_type: Exclude<PaymentType, 'local_government_charge'>;
  query: string;
  plan_type?: string;
  compound_type?: string;
}

export function searchBill(input: SearchBillInput): Promise<FoundBill> {
  return apiRequest<FoundBill>('/api/search', { method: 'POST', body: input });
}

/** Finds one bill; failures arrive as ApiError with the server's code (docs/search.md). */
export function useSearchBill() {
  return useMutation({ mutationFn: searchBill });
}
