import {
  auditApi,
  auditPageSize,
  type AuditEntry,
  type AuditQuery,
} from '@portal/domain/contracts/audit';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { auditLog } from '../../db/schema';
import { officeRouteOf } from '../../lib/endpoint-route';
import { malaysiaDayRange } from '@portal/domain/display-filters';
import { requireStaff } from '../staff';
import { recordAudit } from './audit-log';

/** The audit log, for the state-wide admin (docs/back-office.md); reading it is recorded too. */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...officeRouteOf(auditApi.search, ['office']),
    handler: async (request) => {
      const member = await requireStaff(request);
      const page = await searchAudit(app.db, request.query);
      await recordAudit(app.db, request, member, {
        action: 'audit_searched',
        detail: { ...request.query },
      });
      return page;
    },
  });
}

async function searchAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditLog.actor, query.actor));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.council) conditions.push(eq(auditLog.councilCode, query.council));
  if (query.from) conditions.push(gte(auditLog.at, malaysiaDayRange(query.from).start));
  if (query.to) conditions.push(lt(auditLog.at, malaysiaDayRange(query.to).end));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(auditPageSize)
      .offset((query.page - 1) * auditPageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(presentEntry),
    page: query.page,
    page_size: auditPageSize,
    total: total?.total ?? 0,
  };
}

function presentEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    council: row.councilCode,
    target: row.target,
    reason: row.reason,
    detail: row.detail,
    ip: row.ip,
    request_id: row.requestId,
  };
}

/** Everything on record about a council for a Malaysia day, in the order it happened. */
export async function auditOfCouncilDay(
  db: Database,
  council: string,
  day: string,
): Promise<AuditEntry[]> {
  const { start, end } = malaysiaDayRange(day);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.councilCode, council), gte(auditLog.at, start), lt(auditLog.at, end)))
    .orderBy(asc(auditLog.id));
  return rows.map(presentEntry);
}
