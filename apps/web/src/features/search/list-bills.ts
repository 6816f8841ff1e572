import { useMutation } from '@tanstack/react-query';
import { searchApi } from '@portal/domain/contracts/search';
import type { CompoundCategory } from '@portal/domain/compounds';
import { callEndpoint } from '../../lib/api-client';

/** What a list search sends: the council, a plate or an identity number, and maybe a category. */
export type ListSearchInput =
  | { by: 'plate'; council: string; plate: string; compound_category?: CompoundCategory }
  | { by: 'owner'; council: string; owner_ic: string; compound_category?: CompoundCategory };

export function listBills(input: ListSearchInput) {
  const common = {
    council: input.council,
    ...(input.compound_category && { compound_category: input.compound_category }),
  };
  return input.by === 'plate'
    ? callEndpoint(searchApi.findByPlate, { body: { ...common, plate: input.plate } })
    : callEndpoint(searchApi.findByOwner, { body: { ...common, owner_ic: input.owner_ic } });
}

/** Lists a vehicle's or an owner's unpaid bills; failures arrive as ApiError (docs/search.md). */
export function useListBills() {
  return useMutation({ mutationFn: listBills });
}
