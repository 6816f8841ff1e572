import {
  apiKeysApi,
  councilApplicationsApi,
  councilBillsApi,
  councilLedgerApi,
  maxBatchRecords,
  webhooksApi,
  type BatchAnswer,
} from '@portal/domain/contracts/council-api';
import type { CouncilCode } from '@portal/domain/councils';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { urlRefusal, type OutboundRules } from '../../lib/council-systems';
import { officeRouteOf, routeOf } from '../../lib/endpoint-route';
import { countAttempt } from '../../lib/rate-limit';
import { auditedChange, recordAudit } from '../audit';
import { upsertApplications } from '../licence-applications';
import { requireOwnCouncil, requireStaff } from '../staff';
import {
  apiKeyById,
  apiKeyRecordOf,
  apiKeysOf,
  createApiKey,
  keyInForce,
  revokeApiKey,
} from './api-keys';
import { upsertBills } from './bill-upsert';
import { ledgerFeed, placeLedgerEntries } from './ledger-feed';
import { removeWebhook, setWebhook, webhookOf, webhookStateOf } from './webhooks';

type ApiKey = NonNullable<Awaited<ReturnType<typeof keyInForce>>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The council API key the call came with, once the access check let it through. */
    councilApiKey: ApiKey | null;
  }
}

/** A council system's calls, per key: a hundred thousand bills in batches of a thousand fit. */
const callsPerKey = { limit: 600, windowSeconds: 60 };

/** The key's holder as the audit log names it. */
const actorOf = (key: ApiKey) => ({ email: `api-key:${key.id} ${key.name}` });

function keyOf(request: FastifyRequest): ApiKey {
  if (!request.councilApiKey) throw new AppError('auth_error', 'Send a council API key');
  return request.councilApiKey;
}

/**
 * A council admin's keys for the council API and the council's webhook, in the back office
 * (docs/council-api.md). `rules`: where a webhook may post (public addresses; https in production).
 */
export async function councilApiOfficeRoutes(
  app: FastifyInstance,
  { rules }: { rules: OutboundRules },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(apiKeysApi.list, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return { keys: (await apiKeysOf(app.db, request.query.council)).map(apiKeyRecordOf) };
    },
  });

  api.route({
    ...officeRouteOf(apiKeysApi.create, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, name } = request.body;
      requireOwnCouncil(member, council);
      const { key, row } = await auditedChange(
        app.db,
        request,
        member,
        (tx) => createApiKey(tx, { council, name, createdBy: member.email, now: app.clock() }),
        ({ row }) => ({
          action: 'api_key_created',
          councilCode: council,
          target: `${row.id} ${name}`,
          detail: { hint: row.hint },
        }),
      );
      return { key, record: apiKeyRecordOf(row) };
    },
  });

  api.route({
    ...officeRouteOf(apiKeysApi.revoke, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const found = await apiKeyById(app.db, request.params.id);
      if (!found) throw new AppError('not_found', 'No such key');
      requireOwnCouncil(member, found.councilCode);
      const row = await auditedChange(
        app.db,
        request,
        member,
        async (tx) => (await revokeApiKey(tx, found.id, app.clock()))!,
        (revoked) => ({
          action: 'api_key_revoked',
          councilCode: revoked.councilCode,
          target: `${revoked.id} ${revoked.name}`,
          reason: request.body.reason,
        }),
      );
      return apiKeyRecordOf(row);
    },
  });
  api.route({
    ...officeRouteOf(webhooksApi.get, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return webhookStateOf(await webhookOf(app.db, request.query.council));
    },
  });

  api.route({
    ...officeRouteOf(webhooksApi.set, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, url, reason } = request.body;
      requireOwnCouncil(member, council);
      // Ledger entries name payers' bills: in production they travel encrypted or not at all, and
      // never to this server, its network or the cloud's own services.
      const refusal = urlRefusal(url, rules);
      if (refusal) {
        throw new AppError('validation_failed', `A webhook cannot post there: ${refusal}`, {
          url: url.startsWith('https://') || !rules.httpsOnly ? 'url_not_public' : 'url_invalid',
        });
      }
      const { secret, row } = await auditedChange(
        app.db,
        request,
        member,
        (tx) =>
          setWebhook(tx, app.personalData, {
            council,
            url,
            createdBy: member.email,
            now: app.clock(),
          }),
        () => ({ action: 'webhook_set', councilCode: council, target: url, reason }),
      );
      return { ...webhookStateOf(row), secret };
    },
  });

  api.route({
    ...officeRouteOf(webhooksApi.remove, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, reason } = request.body;
      requireOwnCouncil(member, council);
      await auditedChange(
        app.db,
        request,
        member,
        async (tx) => {
          const before = await webhookOf(tx, council);
          await removeWebhook(tx, council);
          return before;
        },
        (before) => ({
          action: 'webhook_removed',
          councilCode: council,
          target: before?.url ?? null,
          reason,
        }),
      );
      return webhookStateOf(undefined);
    },
  });
}

/**
 * The council API for machines (docs/council-api.md): every call names its key, which opens its
 * own council only, and is counted per key and kept in the audit log.
 */
export async function councilApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['council API'];
  app.decorateRequest('councilApiKey', null);
  // Before the body is read: a batch of megabytes without a key in force is refused unread.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = await keyInForce(app.db, request.headers.authorization, app.clock());
    if (!key) throw new AppError('auth_error', 'The council API key is missing, wrong or revoked');
    await countAttempt(app.db, [`council-api:${key.id}`], callsPerKey, app.clock());
    request.councilApiKey = key;
    return payload;
  });

  /**
   * A batch route: each record is checked on its own, so that one wrong record is named, not the
   * batch; the call is audited with what it did.
   */
  function batchRoute(
    endpoint: typeof councilBillsApi.upsert | typeof councilApplicationsApi.upsert,
    action: 'bills_upserted' | 'applications_upserted',
    upsert: (
      council: CouncilCode,
      records: readonly unknown[],
      options: { atomic: boolean; dryRun: boolean; now: Date; by: string },
    ) => Promise<BatchAnswer>,
  ) {
    api.route({
      ...routeOf(endpoint, tags, { serviceChecksBody: true }),
      handler: async (request) => {
        const key = keyOf(request);
        const records = (request.body as { records?: unknown } | null)?.records;
        if (!Array.isArray(records) || records.length === 0 || records.length > maxBatchRecords) {
          throw new AppError('validation_failed', `Send 1 to ${maxBatchRecords} records`, {
            records: 'code_invalid',
          });
        }
        const dryRun = request.query.dry_run === 'true';
        const answer = await upsert(key.councilCode, records, {
          atomic: request.query.atomic === 'true',
          dryRun,
          now: app.clock(),
          by: actorOf(key).email,
        });
        await recordAudit(app.db, request, actorOf(key), {
          action,
          councilCode: key.councilCode,
          target: `${records.length} records`,
          detail: {
            applied: answer.applied,
            dry_run: dryRun,
            created: answer.created,
            updated: answer.updated,
            unchanged: answer.unchanged,
            refused: answer.refused,
          },
        });
        return answer;
      },
    });
  }
  batchRoute(councilBillsApi.upsert, 'bills_upserted', (council, records, options) =>
    upsertBills(app.db, council, records, options),
  );
  batchRoute(councilApplicationsApi.upsert, 'applications_upserted', (council, records, options) =>
    upsertApplications(app.db, council, records, options),
  );

  api.route({
    ...routeOf(councilLedgerApi.feed, tags),
    handler: async (request) => {
      const key = keyOf(request);
      const { after, limit } = request.query;
      await placeLedgerEntries(app.db);
      const page = await ledgerFeed(app.db, key.councilCode, Number(after), limit);
      await recordAudit(app.db, request, actorOf(key), {
        action: 'ledger_read',
        councilCode: key.councilCode,
        target: `after ${after}`,
        detail: { entries: page.entries.length, next: page.next },
      });
      return page;
    },
  });
}
