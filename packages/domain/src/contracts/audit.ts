import * as z from 'zod';
import { councilCodes } from '../councils';
import { isoDate } from '../forms';
import type { OfficeEndpoint } from './endpoint';
import { named } from './named';
import { pageNumber } from './params';

/**
 * What the audit log records (docs/back-office.md): every staff action, with who, when, from where,
 * what and why. Each action has a name here so that the back office can say it in words.
 */
export const auditActions = [
  'login',
  'login_failed',
  'logout',
  'payments_searched',
  'payment_viewed',
  'payment_requeried',
  'review_resolved',
  'refund_recorded',
  'refund_sent',
  'refund_resolved',
  'switch_changed',
  'renewal_rules_changed',
  'channel_changed',
  'staff_invited',
  'staff_changed',
  'staff_reenrolled',
  'staff_enrolled',
  'settings_changed',
  'announcement_changed',
  'helpline_changed',
  'council_profile_changed',
  'council_contact_changed',
  'image_stored',
  'api_key_created',
  'api_key_revoked',
  'bills_upserted',
  'applications_upserted',
  'application_status_changed',
  'bills_imported',
  'bill_corrected',
  'ledger_read',
  'webhook_set',
  'webhook_removed',
  'content_changed',
  'settlement_viewed',
  'settlement_downloaded',
  'audit_searched',
] as const;

export type AuditAction = (typeof auditActions)[number];

export const auditQuery = z.object({
  page: pageNumber,
  actor: z.string().trim().toLowerCase().max(254).optional(),
  action: z.enum(auditActions).optional(),
  council: z.enum(councilCodes).optional(),
  /** Malaysia dates, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export type AuditQuery = z.output<typeof auditQuery>;

const auditEntry = named(
  'AuditEntry',
  z.strictObject({
    /** ISO timestamp (UTC). */
    at: z.string(),
    actor: z.string(),
    action: z.enum(auditActions),
    council: z.string().nullable(),
    target: z.string().nullable(),
    reason: z.string().nullable(),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ip: z.string(),
    request_id: z.string().nullable(),
  }),
);

export type AuditEntry = z.output<typeof auditEntry>;

export const auditPageSize = 50;

export const auditApi = {
  search: {
    method: 'GET',
    path: '/office/audit',
    summary: 'The audit log, newest first, by actor, action, council and Malaysia date',
    access: '_admin',
    query: auditQuery,
    answer: z.strictObject({
      entries: z.array(auditEntry),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    errors: ['login_required', 'forbidden'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
