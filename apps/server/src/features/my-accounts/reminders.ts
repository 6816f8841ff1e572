import { malaysiaDay } from '@portal/domain/display-filters';
import { assessmentTypes } from '@portal/domain/payment-types';
import { dueReminder, type ReminderKind } from '@portal/domain/reminders';
import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  bills,
  councils,
  mailMessages,
  reminderSends,
  savedAccounts,
  users,
} from '../../db/schema';
import { billAt } from '../../lib/bill-queries';
import { billUrl, reminderMail, unsubscribeUrl } from './reminder-mail';

/** How often a server looks for reminders to send: due dates are days, so an hour is soon enough. */
export const reminderIntervalMs = 60 * 60 * 1000;

/**
 * Queues the reminder e-mails due at `now` (docs/my-accounts.md): for each saved account whose
 * bill owes something and whose kind the user still wants, the due event of its date, if one has
 * come. Each is claimed in `reminder_sends` with INSERT … ON CONFLICT DO NOTHING in the transaction
 * that queues its mail, so that servers running this at once send each event once. Answers how
 * many it queued.
 */
export async function queueReminders(
  db: Database,
  options: { now: Date; publicUrl: string; signingKey: string },
): Promise<number> {
  const { now, publicUrl, signingKey } = options;
  const wanted = or(
    and(inArray(savedAccounts.paymentType, assessmentTypes), eq(users.remindAssessment, true)),
    and(eq(savedAccounts.paymentType, 'license'), eq(users.remindLicense, true)),
    and(eq(savedAccounts.paymentType, 'compound'), eq(users.remindCompound, true)),
  );
  const candidates = await db
    .select({
      savedId: savedAccounts.id,
      nickname: savedAccounts.nickname,
      user: { id: users.id, email: users.email, name: users.fullName, lang: users.lang },
      councilName: councils.name,
      bill: {
        council: bills.councilCode,
        paymentType: bills.paymentType,
        displayNo: bills.displayNo,
        amountDueSen: bills.amountDueSen,
        dueDate: bills.dueDate,
        details: bills.details,
      },
    })
    .from(savedAccounts)
    .innerJoin(users, eq(users.id, savedAccounts.userId))
    .innerJoin(
      bills,
      billAt(savedAccounts.councilCode, savedAccounts.paymentType, savedAccounts.accountNo),
    )
    .innerJoin(councils, eq(councils.code, bills.councilCode))
    .where(
      and(
        inArray(savedAccounts.paymentType, [...assessmentTypes, 'license', 'compound']),
        gt(bills.amountDueSen, 0),
        isNotNull(users.emailVerifiedAt),
        wanted,
      ),
    );

  const today = malaysiaDay(now);
  let queued = 0;
  for (const candidate of candidates) {
    const due = dueReminder(candidate.bill, today);
    if (!due) continue;
    const bill = {
      council: candidate.bill.council,
      payment_type: candidate.bill.paymentType,
      account_no: candidate.bill.displayNo,
      amountDueSen: candidate.bill.amountDueSen,
    };
    const content = reminderMail({
      lang: candidate.user.lang,
      name: candidate.user.name,
      nickname: candidate.nickname,
      councilName: candidate.councilName,
      bill,
      due,
      payUrl: billUrl(publicUrl, bill),
      unsubscribeUrl: unsubscribeUrl(publicUrl, signingKey, candidate.user.id, due.kind),
    });
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reminderSends)
        .values({
          userId: candidate.user.id,
          savedAccountId: candidate.savedId,
          eventKey: due.key,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ eventKey: reminderSends.eventKey });
      if (!claimed) return false;
      const [message] = await tx
        .insert(mailMessages)
        .values({
          kind: 'reminder',
          recipient: candidate.user.email,
          subject: content.subject,
          text: content.text,
          html: content.html,
          headers: content.headers ?? {},
          // Sent as soon as the mail job comes by, whatever day `now` says it is.
        })
        .returning({ id: mailMessages.id });
      await tx
        .update(reminderSends)
        .set({ mailMessageId: message!.id })
        .where(
          and(
            eq(reminderSends.userId, candidate.user.id),
            eq(reminderSends.savedAccountId, candidate.savedId),
            eq(reminderSends.eventKey, due.key),
          ),
        );
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/** Stops one kind of reminder for a user, as their unsubscribe link asks. */
export async function stopReminders(db: Database, user: number, kind: ReminderKind) {
  const off = {
    assessment: { remindAssessment: false },
    license: { remindLicense: false },
    compound: { remindCompound: false },
  }[kind];
  const [stopped] = await db
    .update(users)
    .set(off)
    .where(eq(users.id, user))
    .returning({ lang: users.lang });
  return stopped;
}
