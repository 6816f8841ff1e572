import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refundsApi, type RefundQueueQuery } from '@portal/domain/contracts/refunds';
import type { ReasonForm, RefundForm, RefundMadeForm } from '@portal/domain/forms';
import { addressOfQuery } from '../../lib/address-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const queueKey = [...officeQueryKey, 'refunds'];

export function useRefundQueue(query: RefundQueueQuery) {
  const search = addressOfQuery(query);
  return useQuery({
    queryKey: [...queueKey, search],
    queryFn: ({ signal }) => callEndpoint(refundsApi.queue, { search, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a refund moves, its payment's page and the queue are read again. */
function useRefreshAfterRefund(reference: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...officeQueryKey, 'payment', reference] });
    void queryClient.invalidateQueries({ queryKey: queueKey });
  };
}

/** A finance officer's record of a refund of a settled payment, made in the merchant portal. */
export function useRecordRefund(reference: string) {
  const refresh = useRefreshAfterRefund(reference);
  return useMutation({
    mutationFn: (form: RefundForm) =>
      callEndpoint(refundsApi.record, { params: { reference }, body: form }),
    onSuccess: refresh,
  });
}

/** Records that a refund owed back was made in the gateway's merchant portal. */
export function useRecordOwedRefund(reference: string, id: number) {
  const refresh = useRefreshAfterRefund(reference);
  return useMutation({
    mutationFn: (made: RefundMadeForm) =>
      callEndpoint(refundsApi.refunded, { params: { id }, body: made }),
    onSuccess: refresh,
  });
}

/** Closes a refund owed back that was settled another way, with the reason. */
export function useResolveOwedRefund(reference: string, id: number) {
  const refresh = useRefreshAfterRefund(reference);
  return useMutation({
    mutationFn: (resolution: ReasonForm) =>
      callEndpoint(refundsApi.resolve, { params: { id }, body: resolution }),
    onSuccess: refresh,
  });
}
