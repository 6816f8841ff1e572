import type { AuditAction } from '@portal/domain/contracts/audit';
import type { FastifyRequest } from 'fastify';
import { transactionWithRetry, type Database } from '../../db/database';
import { auditLog } from '../../db/schema';

export interface AuditRecord {
  action: AuditAction;
  /** The council the action concerns, so that the council's own exports carry it. */
  councilCode?: string | null;
  target?: string | null;
  reason?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Appends what a staff member did, from where and under which request id (docs/back-office.md).
 * Written in the same transaction as the change it records, where there is one, so that neither
 * stands without the other.
 */
export async function recordAudit(
  db: Database,
  request: FastifyRequest,
  actor: { id?: number; email: string },
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditLog).values({
    at: request.server.clock(),
    staffId: actor.id ?? null,
    actor: actor.email,
    councilCode: record.councilCode ?? null,
    action: record.action,
    target: record.target ?? null,
    reason: record.reason ?? null,
    detail: record.detail ?? {},
    ip: request.ip,
    requestId: request.id,
  });
}

/**
 * Makes a staff member's change and appends its audit entry in one transaction, so that neither
 * stands without the other: a change that fails writes no entry, an entry that cannot be written
 * undoes the change.
 */
export function auditedChange<T>(
  db: Database,
  request: FastifyRequest,
  actor: { id?: number; email: string },
  change: (tx: Database) => Promise<T>,
  audit: (result: T) => AuditRecord,
): Promise<T> {
  return transactionWithRetry(db, async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, request, actor, audit(result));
    return result;
  });
}
