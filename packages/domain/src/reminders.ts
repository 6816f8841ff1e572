import { isoDateMs } from './calendar-days';
import { isAssessment, type PaymentType } from './payment-types';

/**
 * Reminder e-mails for saved accounts (docs/my-accounts.md): the kinds of bill that have a date
 * worth reminding of, and when each is reminded. One switch per kind in the profile.
 */
export const reminderKinds = ['assessment', 'license', 'compound'] as const;

export type ReminderKind = (typeof reminderKinds)[number];

export function isReminderKind(value: unknown): value is ReminderKind {
  return typeof value === 'string' && (reminderKinds as readonly string[]).includes(value);
}

/** Assessment tax is due in two halves, by 28 February and by 31 August (month-day). */
export const assessmentDeadlines = ['02-28', '08-31'] as const;

/** Days before each assessment deadline that its reminder goes: two weeks leave time to pay. */
export const assessmentLeadDays = 14;

/** A licence is reminded a month before it expires, and once more a week before. */
export const licenceLeadDays = [30, 7] as const;

/** Days before a compound's due date that its reminder goes. */
export const compoundLeadDays = 7;

/** What the rules read of a bill: its type, what it owes, its due date and the type's own fields. */
export interface RemindableBill {
  paymentType: PaymentType;
  amountDueSen: number;
  dueDate: string | null;
  details: Record<string, unknown>;
}

/** A date a reminder is for, and the key it is sent once under (`assessment:2027-02-28`). */
export interface DueReminder {
  kind: ReminderKind;
  key: string;
  /** YYYY-MM-DD: the deadline, the expiry or the due date the e-mail names. */
  date: string;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whether `today` falls in the `leadDays` days before `date`, or on it (all YYYY-MM-DD). */
function within(today: string, date: string, leadDays: number): boolean {
  const deadline = isoDateMs(date);
  const day = isoDateMs(today);
  if (deadline === undefined || day === undefined) return false;
  return day <= deadline && day >= deadline - leadDays * dayMs;
}

/** When a licence expires: its record's `valid_until`, else the bill's due date. */
export function licenceExpiry(bill: RemindableBill): string | null {
  const validUntil = bill.details.valid_until;
  return typeof validUntil === 'string' && isoDateMs(validUntil) !== undefined
    ? validUntil
    : bill.dueDate;
}

/**
 * The reminder a bill is due for on `today` (its Malaysian day, YYYY-MM-DD), if any. Only a bill
 * that owes something is reminded: the e-mail's link is the way to pay it.
 */
export function dueReminder(bill: RemindableBill, today: string): DueReminder | undefined {
  if (bill.amountDueSen <= 0) return undefined;
  if (isAssessment(bill.paymentType)) {
    const year = Number(today.slice(0, 4));
    const deadlines = [year, year + 1].flatMap((y) =>
      assessmentDeadlines.map((monthDay) => `${y}-${monthDay}`),
    );
    const date = deadlines.find((deadline) => within(today, deadline, assessmentLeadDays));
    return date ? { kind: 'assessment', key: `assessment:${date}`, date } : undefined;
  }
  if (bill.paymentType === 'license') {
    const expiry = licenceExpiry(bill);
    if (!expiry) return undefined;
    // The nearest lead that has come: a week before wins over a month before.
    const lead = [...licenceLeadDays]
      .sort((a, b) => a - b)
      .find((days) => within(today, expiry, days));
    return lead === undefined
      ? undefined
      : { kind: 'license', key: `licence-expiry-${lead}:${expiry}`, date: expiry };
  }
  if (bill.paymentType === 'compound' && bill.dueDate) {
    return within(today, bill.dueDate, compoundLeadDays)
      ? { kind: 'compound', key: `compound:${bill.dueDate}`, date: bill.dueDate }
      : undefined;
  }
  return undefined;
}
