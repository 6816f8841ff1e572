import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { mailMessages } from '../db/schema';
import type { MailContent, Mailer } from './mailer';

export type QueuedMail = typeof mailMessages.$inferSelect;

/** Writes a queued message's content: each kind of mail has one (a receipt renders its PDF). */
export type MailRenderer = (message: QueuedMail) => Promise<MailContent>;

const maxAttempts = 5;

/**
 * Sends what is queued. A batch is claimed with
 * FOR UPDATE SKIP LOCKED and pushed back a few minutes, so that with several servers each message
 * is written and sent by one of them; rendering and SMTP happen outside any transaction. A failure
 * is retried later, up to five attempts.
 */
export async function deliverQueuedMail(
  db: Database,
  mailer: Mailer,
  renderers: Record<string, MailRenderer>,
  now: Date = new Date(),
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, 'queued'), lte(mailMessages.sendAfter, now)))
      .limit(10)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailMessages)
      .set({
        attempts: sql`${mailMessages.attempts} + 1`,
        sendAfter: new Date(now.getTime() + 5 * 60 * 1000),
      })
      .where(
        inArray(
          mailMessages.id,
          due.map((message) => message.id),
        ),
      )
      .returning();
  });

  let delivered = 0;
  for (const message of claimed) {
    try {
      const render = renderers[message.kind];
      if (!render) throw new Error(`No renderer for mail of kind ${message.kind}`);
      const content = await render(message);
      const status = await mailer.send(message.recipient, content);
      await db
        .update(mailMessages)
        .set({
          status,
          subject: content.subject,
          text: content.text,
          html: content.html,
          // What was said stays on record; a PDF only in the local outbox, where it is read.
          // Sent, it can be rendered again at any time (a receipt's PDF is about 38 KB as
          // stored, ten times its e-mail's words), and a copy of each would soon be most of
          // the database.
          attachments:
            status === 'outbox'
              ? content.attachments.map((attachment) => ({
                  filename: attachment.filename,
                  contentType: attachment.contentType,
                  contentBase64: attachment.content.toString('base64'),
                }))
              : [],
          sentAt: now,
        })
        .where(eq(mailMessages.id, message.id));
      delivered++;
    } catch (error) {
      await db
        .update(mailMessages)
        .set({
          status: message.attempts >= maxAttempts ? 'failed' : 'queued',
          lastError: (error as Error).message.slice(0, 500),
        })
        .where(eq(mailMessages.id, message.id));
    }
  }
  return delivered;
}
