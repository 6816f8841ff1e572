import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { reconcilePayments } from './features/payments/reconcile-payments';
import { receiptMailRenderer } from './features/receipts/receipt-mail';
import type { GatewayClient } from './gateway/gateway-client';
import { forgetOldAttempts } from './lib/rate-limit';
import { deliverQueuedMail } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { forgetEndedSessions } from './sessions/session-store';

/**
 * The server's scheduled work: requery payments left in progress, send queued mail, forget ended
 * sessions and spent rate-limit windows. Every server
 * runs it; the jobs claim their rows in the database, so servers never do the same work twice.
 */
export function startBackgroundJobs(options: {
  db: Database;
  gateway: GatewayClient;
  config: Config;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { db, gateway, config, log } = options;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const renderers = { receipt: receiptMailRenderer(db, config.publicUrl) };
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      const payments = await reconcilePayments(db, gateway, {
        requeryAfterSeconds: config.paymentRequeryAfterSeconds,
        expireAfterSeconds: config.paymentExpireAfterSeconds,
      });
      if (payments.settled + payments.failed + payments.expired > 0) {
        log.info(payments, 'payments reconciled');
      }
      await deliverQueuedMail(db, mailer, renderers);
      await forgetEndedSessions(db, new Date());
      await forgetOldAttempts(db);
    } catch (error) {
      log.error({ err: error }, 'background jobs failed; trying again at the next run');
    }
  };
  const timer = setInterval(() => {
    running = running.then(runOnce);
  }, config.jobsIntervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
