import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Config } from './config';
import { runsOneTransactionAtATime, type Database } from './db/database';
import { tidyEmbeddedDatabase, upkeepNight } from './db/embedded-upkeep';
import { deliverWebhooks } from './features/council-api';
import { queueReminders, reminderIntervalMs, reminderMailRenderer } from './features/my-accounts';
import { reconcilePayments } from './features/payments/reconcile-payments';
import {
  notApprovedMailRenderer,
  receiptMailRenderer,
  refundedMailRenderer,
  refundMailRenderer,
} from './features/receipts';
import type { GatewayClient } from './gateway/gateway-client';
import { forgetOldLoginFailures } from './lib/guess-throttle';
import type { PersonalData } from './lib/personal-data';
import { forgetOldAttempts } from './lib/rate-limit';
import { deliverQueuedMail } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { forgetEndedSessions } from './sessions/session-store';
import { forgetEndedStaffSessions } from './features/staff/staff-sessions';

/**
 * The server's scheduled work, in lanes that never wait for each other: requery payments (the
 * gateway may be slow to answer), send queued mail, post ledger entries to councils' webhooks,
 * queue reminder e-mails of saved accounts,
 * forget ended sessions and spent rate-limit windows, and on the embedded database, once a night,
 * the upkeep PostgreSQL's autovacuum would do. A slow gateway or a council's slow system
 * therefore never holds back a receipt. A lane still busy when its next
 * turn comes skips that turn. Every server runs them; the jobs claim their rows in the database,
 * so servers never do the same work twice.
 */
export function startBackgroundJobs(options: {
  db: Database;
  gateway: GatewayClient;
  config: Pick<
    Config,
    | 'smtpUrl'
    | 'mailFrom'
    | 'publicUrl'
    | 'paymentTimings'
    | 'jobsIntervalSeconds'
    | 'councilSystems'
    | 'dataEncryptionKey'
  >;
  /** Opens the councils' webhook secrets. */
  personalData: PersonalData;
  log: FastifyBaseLogger;
  metrics: Registry;
  clock?: () => Date;
}): { stop(): Promise<void> } {
  const { db, gateway, config, log, clock = () => new Date() } = options;
  const webhookPosts = new Counter({
    name: 'portal_webhook_posts_total',
    help: "Ledger entries this server posted to councils' webhooks, by outcome",
    labelNames: ['outcome'],
    registers: [options.metrics],
  });
  const requeries = new Counter({
    name: 'portal_requery_outcomes_total',
    help: "What this server's requery job made of the payments it looked at, by outcome",
    labelNames: ['outcome'],
    registers: [options.metrics],
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const renderers = {
    receipt: receiptMailRenderer(db, config.publicUrl),
    refund_due: refundMailRenderer(db, config.publicUrl),
    refunded: refundedMailRenderer(db, config.publicUrl),
    not_approved: notApprovedMailRenderer(db, config.publicUrl),
    reminder: reminderMailRenderer,
  };
  let remindersLooked = 0;
  const lanes: Record<string, () => Promise<void>> = {
    payments: async () => {
      const payments = await reconcilePayments(db, gateway, config.paymentTimings);
      for (const [outcome, count] of Object.entries(payments)) {
        requeries.inc({ outcome }, count);
      }
      if (Object.values(payments).some((count) => count > 0)) {
        log.info(payments, 'payments reconciled');
      }
      if (payments.refused > 0) {
        log.error("the gateway refuses the portal's requeries: check MERCHANT_CODE");
      }
    },
    mail: async () => {
      await deliverQueuedMail(db, mailer, renderers);
    },
    webhooks: async () => {
      const { delivered, failed } = await deliverWebhooks(
        db,
        options.personalData,
        config.councilSystems,
      );
      webhookPosts.inc({ outcome: 'delivered' }, delivered);
      webhookPosts.inc({ outcome: 'failed' }, failed.length);
      // Only here, for the operator: staff see "not delivered", never why (it maps networks).
      for (const { council, problem } of failed) {
        log.warn({ council, problem }, "a council's webhook refused or did not answer");
      }
    },
    // Due dates are days: each server looks once an hour, and the claims keep servers from
    // mailing an event twice.
    reminders: async () => {
      const now = clock();
      if (now.getTime() - remindersLooked < reminderIntervalMs) return;
      remindersLooked = now.getTime();
      const queued = await queueReminders(db, {
        now,
        publicUrl: config.publicUrl,
        signingKey: config.dataEncryptionKey,
      });
      if (queued > 0) log.info({ queued }, 'reminder e-mails queued');
    },
    housekeeping: async () => {
      await forgetEndedSessions(db, clock());
      await forgetEndedStaffSessions(db, clock());
      await forgetOldAttempts(db);
      await forgetOldLoginFailures(db);
    },
  };
  if (runsOneTransactionAtATime(db)) {
    let tidied: string | undefined;
    lanes.upkeep = async () => {
      const night = upkeepNight(clock());
      if (night === undefined || night === tidied) return;
      const began = performance.now();
      const tables = await tidyEmbeddedDatabase(db);
      tidied = night;
      log.info(
        { tables: tables.length, ms: Math.round(performance.now() - began) },
        'embedded database vacuumed and analysed',
      );
    };
  }

  const running = new Map<string, Promise<void>>();
  const timer = setInterval(() => {
    for (const [lane, work] of Object.entries(lanes)) {
      if (running.has(lane)) continue;
      const run = work()
        .catch((error: unknown) =>
          log.error({ err: error, lane }, 'background job failed; trying again at its next turn'),
        )
        .finally(() => running.delete(lane));
      running.set(lane, run);
    }
  }, config.jobsIntervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
