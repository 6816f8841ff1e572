import { useMutation } from '@tanstack/react-query';
import { licenceApplicationsApi } from '@portal/domain/contracts/licence-applications';
import type { ApplicationStatusForm, LicenceApplicationSearch } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';

/** Finds an application of the council by its reference. */
export function useFindApplication() {
  return useMutation({
    mutationFn: (form: LicenceApplicationSearch) =>
      callEndpoint(licenceApplicationsApi.find, { body: form }),
  });
}

/** Moves an application to another status; the answer is the application as it now is. */
export function useChangeApplicationStatus(id: number) {
  return useMutation({
    mutationFn: (form: ApplicationStatusForm) =>
      callEndpoint(licenceApplicationsApi.changeStatus, { params: { id: String(id) }, body: form }),
  });
}
