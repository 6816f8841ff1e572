import * as z from 'zod';
import { contactDetails } from '../contacts';
import { councilCodes } from '../councils';
import { councilContactFormSchema, councilProfileFormSchema } from '../forms';
import { imageId } from '../images';
import { councilQuery } from './councils';
import type { OfficeEndpoint } from './endpoint';
import { named } from './named';

/**
 * What a council says of itself (docs/back-office.md): the title the portal shows under its name,
 * its logo on what it issues, how citizens reach it, and the assessment rates it sets.
 */
export const councilProfile = named(
  'CouncilProfile',
  z.strictObject({
    council: z.enum(councilCodes),
    name: z.string(),
    product_title: z.string(),
    logo: imageId
      .nullable()
      .describe('The stored picture printed as its logo; null: a drawn crest'),
    contact: contactDetails.nullable().describe('How to reach the council; null until it has said'),
    assessment_partial_discount_bp: z.number().int().describe('In basis points: 5000 is 50%'),
    assessment_arrears_discount_bp: z.number().int().describe('In basis points'),
  }),
);

export type CouncilProfile = z.output<typeof councilProfile>;

const officeErrors = ['login_required', 'forbidden', 'not_found'] as const;

/**
 * A council admin's profile of their council; the state admin's of any. Every change is in force
 * at the next request of every server, and the audit log keeps what it was before.
 */
export const councilProfileApi = {
  get: {
    method: 'GET',
    path: '/office/council-profile',
    summary: 'A council’s profile: title, logo, contacts and assessment rates',
    access: 'council_admin',
    query: councilQuery,
    answer: councilProfile,
    errors: officeErrors,
  },
  change: {
    method: 'POST',
    path: '/office/council-profile',
    summary: 'Set a council’s title, logo (a stored picture, or none) and assessment rates',
    access: 'council_admin',
    body: councilProfileFormSchema,
    answer: councilProfile,
    errors: officeErrors,
  },
  contact: {
    method: 'POST',
    path: '/office/council-profile/contact',
    summary: 'Set a council’s phone, e-mail, address and opening hours',
    access: 'council_admin',
    body: councilContactFormSchema,
    answer: councilProfile,
    errors: officeErrors,
  },
} as const satisfies Record<string, OfficeEndpoint>;
