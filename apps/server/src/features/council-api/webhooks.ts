import { createHmac } from 'node:crypto';
import type { FeedEntry, WebhookState } from '@portal/domain/contracts/council-api';
import type { CouncilCode } from '@portal/domain/councils';
import { eq, inArray, lte, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { councilWebhooks, ledgerEntries } from '../../db/schema';
import { postToCouncil, type OutboundRules } from '../../lib/council-systems';
import type { PersonalData } from '../../lib/personal-data';
import { newSecret } from '../../lib/secrets';
import { ledgerFeed, placeLedgerEntries } from './ledger-feed';

type WebhookRow = typeof councilWebhooks.$inferSelect;

/** How long a server has a webhook to itself once it takes it up: more than its posts can take. */
const leaseMs = 5 * 60 * 1000;
/** Entries one turn posts to one council, each within its own time. */
const entriesPerTurn = 20;
const postTimeoutMs = 10_000;

/** Waits after a failed post: 30 s, doubling with each failure, never more than an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);
}

/**
 * The signature the council's system checks (docs/council-api.md): HMAC-SHA256 with the secret of
 * the time and the body, `t=<unix seconds>,v1=<hex>`; the time lets a receiver refuse old replays.
 */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export function webhookStateOf(row: WebhookRow | undefined): WebhookState {
  if (!row) return { webhook: null };
  return {
    webhook: {
      url: row.url,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
      delivered_position: String(row.deliveredPosition),
      last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
      attempts: row.attempts,
      next_attempt_at: row.nextAttemptAt.toISOString(),
    },
  };
}

export async function webhookOf(db: Database, council: CouncilCode) {
  const [row] = await db
    .select()
    .from(councilWebhooks)
    .where(eq(councilWebhooks.councilCode, council));
  return row;
}

/**
 * Sets the council's webhook to `url` with a new secret, answered this once. Delivery starts with
 * the entries placed from now on; the feed holds the ones before.
 */
export async function setWebhook(
  db: Database,
  protect: PersonalData,
  {
    council,
    url,
    createdBy,
    now,
  }: { council: CouncilCode; url: string; createdBy: string; now: Date },
): Promise<{ secret: string; row: WebhookRow }> {
  await placeLedgerEntries(db);
  const [placed] = await db.select({ last: max(ledgerEntries.feedPosition) }).from(ledgerEntries);
  const secret = `whsec_${newSecret(24)}`;
  const values = {
    url,
    secret: protect.encrypt(secret),
    createdBy,
    createdAt: now,
    deliveredPosition: placed?.last ?? 0,
    lastDeliveredAt: null,
    attempts: 0,
    nextAttemptAt: now,
  };
  const [row] = await db
    .insert(councilWebhooks)
    .values({ councilCode: council, ...values })
    .onConflictDoUpdate({ target: councilWebhooks.councilCode, set: values })
    .returning();
  return { secret, row: row! };
}

export async function removeWebhook(db: Database, council: CouncilCode): Promise<void> {
  await db.delete(councilWebhooks).where(eq(councilWebhooks.councilCode, council));
}

/** Posts one entry; answers what went wrong, or null when the council's system took it. */
async function post(
  url: string,
  secret: string,
  entry: FeedEntry,
  now: Date,
  rules: OutboundRules,
): Promise<string | null> {
  const body = JSON.stringify(entry);
  try {
    const answer = await postToCouncil(url, {
      headers: {
        'content-type': 'application/json',
        'idempotency-key': entry.id,
        'x-portal-signature': webhookSignature(secret, Math.floor(now.getTime() / 1000), body),
      },
      body,
      timeoutMs: postTimeoutMs,
      rules,
    });
    return answer.status >= 200 && answer.status < 300 ? null : `HTTP ${answer.status}`;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'post failed';
  }
}

export interface WebhookTurn {
  delivered: number;
  /** Each council whose post failed, and why: for the server's log only. */
  failed: { council: CouncilCode; problem: string }[];
}

/**
 * Posts the ledger entries each council's webhook has not acknowledged, in feed order, each with
 * its feed id as the idempotency key. A failure stops that council's posts and is tried again
 * after a growing wait, until the council's system acknowledges it. A server takes a webhook up
 * with FOR UPDATE SKIP LOCKED and pushes its next turn on, so no two servers post to it at once.
 */
export async function deliverWebhooks(
  db: Database,
  protect: PersonalData,
  rules: OutboundRules,
  now: Date = new Date(),
): Promise<WebhookTurn> {
  const taken = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(councilWebhooks)
      .where(lte(councilWebhooks.nextAttemptAt, now))
      .limit(5)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(councilWebhooks)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          councilWebhooks.councilCode,
          due.map((hook) => hook.councilCode),
        ),
      );
    return due;
  });

  const turn: WebhookTurn = { delivered: 0, failed: [] };
  if (taken.length > 0) await placeLedgerEntries(db);
  for (const hook of taken) {
    const secret = protect.decrypt(hook.secret);
    const { entries } = await ledgerFeed(
      db,
      hook.councilCode,
      hook.deliveredPosition,
      entriesPerTurn,
    );
    const where = eq(councilWebhooks.councilCode, hook.councilCode);
    let attempts = hook.attempts;
    let problem: string | null = null;
    for (const entry of entries) {
      problem = await post(hook.url, secret, entry, now, rules);
      if (problem) {
        attempts++;
        turn.failed.push({ council: hook.councilCode, problem });
        await db
          .update(councilWebhooks)
          .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
          .where(where);
        break;
      }
      attempts = 0;
      turn.delivered++;
      await db
        .update(councilWebhooks)
        .set({
          deliveredPosition: Number(entry.position),
          lastDeliveredAt: now,
          attempts: 0,
        })
        .where(where);
    }
    if (!problem) await db.update(councilWebhooks).set({ nextAttemptAt: now }).where(where);
  }
  return turn;
}
