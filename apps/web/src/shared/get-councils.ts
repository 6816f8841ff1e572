import { useQuery } from '@tanstack/react-query';
import type { LocalChargeLimits } from '@portal/domain/forms';
import type { PaymentType } from '@portal/domain/payment-types';
import { apiGet } from '../lib/api-client';

/** One of the 23 councils as `GET /api/councils` lists it. */
export interface Council {
  code: string;
  name: string;
  shortName: string;
  productTitle: string;
  /** False while a council is switched off for online payment ('council_not_available'). */
  available: boolean;
  /** The payment types this council takes online now ('payment_type_not_available' for others). */
  paymentTypes: PaymentType[];
  /** The most people and days one local government charge may be for at this council. */
  localChargeLimits: LocalChargeLimits;
}

export function getCouncils(signal?: AbortSignal): Promise<Council[]> {
  return apiGet<Council[]>('/api/councils', { signal });
}

export const councilsQueryKey = ['councils'] as const;

/** The council list rarely changes: keep it for the whole visit unless the page is reloaded. */
export function useCouncils() {
  return useQuery({
    queryKey: councilsQueryKey,
    queryFn: ({ signal }) => getCouncils(signal),
    staleTime: 30 * 60 * 1000,
  });
}

/** A council's name from the list, or its code in capitals while the list is missing. */
export function councilName(councils: readonly Council[] | undefined, code: string): string {
  return councils?.find((council) => council.code === code)?.name ?? code.toUpperCase();
}
