import * as z from 'zod';
import { nicknameSchema, reminderChoicesSchema, savedAccountSchema } from '../forms';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { idParams } from './params';
import { foundBill } from './search';
import { named } from './named';

/** The most accounts one user keeps in my accounts (docs/my-accounts.md). */
export const savedAccountLimit = 50;

/**
 * A saved account: how the user knows it, and the bill as the bills table holds it at this moment
 * (never a copy kept from when it was saved); null when the council no longer has that bill.
 */
const savedAccount = named(
  'SavedAccount',
  z.strictObject({
    id: z.number().int(),
    council: z.string(),
    payment_type: z.enum(paymentTypes),
    account_no: z.string().describe('As the council prints it when the bill exists, else as saved'),
    nickname: z.string().nullable(),
    saved_at: z.string(),
    bill: foundBill.nullable().describe('Read live at each call; null when the bill is gone'),
  }),
);

export type SavedAccount = z.output<typeof savedAccount>;

const errors = ['login_required', 'forbidden', 'rate_limited'] as const;

/**
 * My accounts (docs/my-accounts.md): bills a logged-in user keeps to pay again, and the reminder
 * e-mails they want of them. Only the user's own rows: another user's id answers not_found.
 */
/** The reminder e-mails a user has chosen, as answered. */
const reminderChoices = named('ReminderChoices', reminderChoicesSchema.strict());

export const myAccountsApi = {
  list: {
    method: 'GET',
    path: '/my-accounts',
    summary: 'My saved accounts, each with its bill as it stands now',
    answer: z.strictObject({
      accounts: z.array(savedAccount),
      limit: z.number().int(),
    }),
    errors,
  },
  save: {
    method: 'POST',
    path: '/my-accounts',
    summary:
      'Save a bill to my accounts by council, type and number; one already saved is answered as it is',
    body: savedAccountSchema,
    answer: z.strictObject({
      status: z.enum(['saved', 'already_saved']),
      account: savedAccount,
    }),
    errors: [...errors, 'not_found', 'saved_accounts_full'],
  },
  rename: {
    method: 'PUT',
    path: '/my-accounts/:id',
    summary: 'Give a saved account another nickname (blank for none)',
    params: idParams,
    body: nicknameSchema,
    answer: z.strictObject({ account: savedAccount }),
    errors: [...errors, 'not_found'],
  },
  remove: {
    method: 'DELETE',
    path: '/my-accounts/:id',
    summary: 'Remove a saved account from my accounts',
    params: idParams,
    success: 204,
    answer: z.null(),
    errors: [...errors, 'not_found'],
  },
  reminders: {
    method: 'GET',
    path: '/my-accounts/reminders',
    summary: 'Which reminder e-mails I get of my saved accounts',
    answer: reminderChoices,
    errors,
  },
  setReminders: {
    method: 'PUT',
    path: '/my-accounts/reminders',
    summary:
      "Choose which reminder e-mails I get; they are written in the language of this call's Accept-Language",
    body: reminderChoicesSchema,
    answer: reminderChoices,
    errors,
  },
} as const satisfies Record<string, Endpoint>;
