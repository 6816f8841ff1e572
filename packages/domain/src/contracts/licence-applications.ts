import * as z from 'zod';
import { councilCodes } from '../councils';
import { applicationStatusFormSchema, licenceApplicationSearchSchema } from '../forms';
import { licenceApplicationStatuses, licenceKinds } from '../licences';
import type { OfficeEndpoint } from './endpoint';
import { named } from './named';
import { idParams } from './params';

/**
 * Licence applications in the back office (docs/licences.md): an officer finds one of their
 * council's by its reference and moves it to another status, as the citizen then follows it.
 */
export const officeApplication = named(
  'OfficeApplication',
  z.strictObject({
    id: z.number().int(),
    council: z.enum(councilCodes),
    reference: z.string(),
    kind: z.enum(licenceKinds),
    business_name: z.string(),
    /** In full: the officer works with the applicant. */
    applicant_name: z.string(),
    status: z.enum(licenceApplicationStatuses),
    submitted_on: z.string(),
    decided_on: z.string().nullable(),
    licence_no: z.string().nullable(),
    note: z.string().nullable(),
    history: z.array(
      z.strictObject({
        status: z.enum(licenceApplicationStatuses),
        on: z.string(),
        note: z.string().nullable(),
        /** The council's system (`api-key:…`, `import:…`) or the officer's e-mail. */
        by: z.string(),
      }),
    ),
  }),
);

export type OfficeApplication = z.output<typeof officeApplication>;

const officeErrors = ['login_required', 'forbidden'] as const;

export const licenceApplicationsApi = {
  find: {
    method: 'POST',
    path: '/office/licence-applications/find',
    summary: 'An application of the council by its reference, with its history',
    access: 'officer',
    body: licenceApplicationSearchSchema,
    answer: officeApplication,
    errors: [...officeErrors, 'not_found'],
  },
  changeStatus: {
    method: 'POST',
    path: '/office/licence-applications/:id/status',
    summary: 'Move an application to another status, today, with a note and its licence number',
    access: 'officer',
    params: idParams,
    body: applicationStatusFormSchema,
    answer: officeApplication,
    errors: [...officeErrors, 'not_found', 'data_no_changes'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
