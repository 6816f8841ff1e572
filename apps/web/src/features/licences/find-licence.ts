import { useMutation } from '@tanstack/react-query';
import { licencesApi } from '@portal/domain/contracts/licences';
import type { IdentityType } from '@portal/domain/identities';
import { apiBase } from '@portal/domain/contracts/endpoint';
import { apiDownload, callEndpoint } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** A licence by its category and number, with what its holder can do now (docs/licences.md). */
export function useFindLicence() {
  return useMutation({
    mutationFn: (body: { council: string; category: string; licence_no: string }) =>
      callEndpoint(licencesApi.find, { body }),
  });
}

/** Where a licence application stands, by its reference. */
export function useFindApplication() {
  return useMutation({
    mutationFn: (body: { council: string; reference: string }) =>
      callEndpoint(licencesApi.application, { body }),
  });
}

/**
 * The printed licence, or its filled-in renewal form, as a PDF saved by the browser
 * (`licence-LO-2026-001001.pdf`, `renewal-form-LO-2026-001001.pdf`).
 */
export async function downloadLicencePdf(
  document: 'licence' | 'renewal-form',
  /** Without an identity for a licence in the logged-in user's digital licences. */
  body: {
    council: string;
    category: string;
    licence_no: string;
    id_type?: IdentityType;
    id_no?: string;
  },
): Promise<void> {
  const { method, path } = document === 'licence' ? licencesApi.print : licencesApi.renewalForm;
  const blob = await apiDownload(`${apiBase}${path}`, { method, body });
  saveFile(blob, `${document}-${body.licence_no.replace(/[^\w-]/g, '_')}.pdf`);
}
