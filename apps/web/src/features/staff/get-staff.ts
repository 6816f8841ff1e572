import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@portal/domain/contracts/staff';
import type {
  ReasonForm,
  StaffChangeForm,
  StaffEnrolmentForm,
  StaffInviteForm,
} from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from './staff-session';

const staffKey = (council: string) => [...officeQueryKey, 'staff', council];

export function useCouncilStaff(council: string | undefined) {
  return useQuery({
    queryKey: staffKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(staffApi.list, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/** Invites, changes and resets: the council's list is read again after each. */
function useStaffAction<Input>(council: string, send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey(council) }),
  });
}

export function useInviteStaff(council: string) {
  return useStaffAction(council, (form: StaffInviteForm) =>
    callEndpoint(staffApi.invite, { body: form }),
  );
}

export function useChangeStaff(council: string) {
  return useStaffAction(council, ({ id, ...form }: StaffChangeForm & { id: number }) =>
    callEndpoint(staffApi.change, { params: { id }, body: form }),
  );
}

export function useReenrolStaff(council: string) {
  return useStaffAction(council, ({ id, ...form }: ReasonForm & { id: number }) =>
    callEndpoint(staffApi.reenrol, { params: { id }, body: form }),
  );
}

/** The account an enrolment link is for, and the secret for the authenticator app. */
export function useEnrolment(token: string) {
  return useQuery({
    queryKey: ['office-enrolment', token],
    queryFn: ({ signal }) =>
      callEndpoint(staffApi.enrolment, {
        search: new URLSearchParams({ token }).toString(),
        signal,
      }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useEnrol() {
  return useMutation({
    mutationFn: (form: StaffEnrolmentForm) => callEndpoint(staffApi.enrol, { body: form }),
  });
}
