import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  officePaymentsApi,
  type OfficePaymentsQuery,
} from '@portal/domain/contracts/office-payments';
import type { ReviewDecisionForm } from '@portal/domain/forms';
import { addressOfQuery } from '../../lib/address-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

export function useOfficePayments(query: OfficePaymentsQuery) {
  const search = addressOfQuery(query);
  return useQuery({
    queryKey: [...officeQueryKey, 'payments', search],
    queryFn: ({ signal }) => callEndpoint(officePaymentsApi.find, { search, signal }),
    placeholderData: keepPreviousData,
  });
}

const paymentKey = (reference: string) => [...officeQueryKey, 'payment', reference];

export function useOfficePayment(reference: string) {
  return useQuery({
    queryKey: paymentKey(reference),
    queryFn: ({ signal }) => callEndpoint(officePaymentsApi.get, { params: { reference }, signal }),
  });
}

/** Records a finance officer's decision on a flagged payment; its page shows the payment after. */
export function useResolveReview(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecisionForm) =>
      callEndpoint(officePaymentsApi.resolveReview, { params: { reference }, body: decision }),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKey(reference), answer.payment);
      void queryClient.invalidateQueries({ queryKey: [...officeQueryKey, 'payments'] });
    },
  });
}

/** Asks the gateway about the payment now; its page shows the payment as it then is. */
export function useRequery(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(officePaymentsApi.requery, { params: { reference } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKey(reference), answer.payment);
      void queryClient.invalidateQueries({ queryKey: [...officeQueryKey, 'payments'] });
    },
  });
}
