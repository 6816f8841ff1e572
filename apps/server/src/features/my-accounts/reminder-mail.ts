import { writtenDate } from '@portal/domain/display-filters';
import { html } from '@portal/domain/html';
import type { Language } from '@portal/domain/languages';
import { formatRinggit } from '@portal/domain/money';
import type { DueReminder, ReminderKind } from '@portal/domain/reminders';
import { billPath } from '@portal/domain/web-paths';
import { wordsFor } from '@portal/domain/words/words';
import { emailParagraph } from '../../mail/email-document';
import type { MailContent } from '../../mail/mailer';
import type { MailRenderer } from '../../mail/mail-queue';
import { actionButton, noticeMail } from '../../mail/notice-mail';
import { sameSecret, signatureOf } from '../../lib/secrets';

const unsubscribePurpose = 'reminder-unsubscribe';

/** Where a reminder's unsubscribe link and its List-Unsubscribe header lead, below PUBLIC_URL. */
export const unsubscribePath = '/api/reminders/unsubscribe';

/** The signed link that stops one kind of reminder for one user, without logging in. */
export function unsubscribeUrl(
  publicUrl: string,
  signingKey: string,
  user: number,
  kind: ReminderKind,
): string {
  const signature = signatureOf(signingKey, unsubscribePurpose, `${user}:${kind}`);
  const query = new URLSearchParams({ user: String(user), kind, signature });
  return `${publicUrl}${unsubscribePath}?${query.toString()}`;
}

/** Whether an unsubscribe link's signature is the portal's own for this user and kind. */
export function unsubscribeSigned(
  signingKey: string,
  user: number,
  kind: ReminderKind,
  signature: string,
): boolean {
  return sameSecret(signatureOf(signingKey, unsubscribePurpose, `${user}:${kind}`), signature);
}

export interface ReminderFacts {
  lang: Language;
  name: string;
  nickname: string | null;
  councilName: string;
  bill: { council: string; payment_type: string; account_no: string; amountDueSen: number };
  due: DueReminder;
  /** The link straight to the bill, found and ready to add. */
  payUrl: string;
  unsubscribeUrl: string;
}

/** The public address of one bill, as its link opens it (web-paths `billPath`). */
export function billUrl(publicUrl: string, bill: ReminderFacts['bill']): string {
  return `${publicUrl}/#${billPath(bill)}`;
}

/**
 * A reminder of one saved account's due date, in the user's language: what is due by when, the
 * way to pay it, and the one-click way to stop reminders of its kind (RFC 8058 headers too).
 */
export function reminderMail(facts: ReminderFacts): MailContent {
  const t = wordsFor(facts.lang);
  const { kind } = facts.due;
  const values = {
    account: facts.bill.account_no,
    council: facts.councilName,
    date: writtenDate(facts.due.date, facts.lang) || facts.due.date,
  };
  const stop = t('reminderMail.unsubscribe', { kind: t(`reminderMail.kind.${kind}`) });
  const content = noticeMail(facts.lang, t(`reminderMail.subject.${kind}`, values), facts.name, [
    `${t(`reminderMail.intro.${kind}`, values)} ${t('reminderMail.amount', {
      amount: formatRinggit(facts.bill.amountDueSen),
    })}`,
    ...(facts.nickname ? [t('reminderMail.nickname', { nickname: facts.nickname })] : []),
    actionButton(t('reminderMail.pay'), facts.payUrl),
    {
      text: `${t('reminderMail.why')}\n${stop}: ${facts.unsubscribeUrl}`,
      html: emailParagraph(
        html`${t('reminderMail.why')} <a href="${facts.unsubscribeUrl}">${stop}</a>`,
      ),
    },
  ]);
  return {
    ...content,
    headers: {
      'List-Unsubscribe': `<${facts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A reminder is written when it is queued (its bill as it stood then); sending reads it back. */
export const reminderMailRenderer: MailRenderer = async (message) => {
  if (message.subject === null || message.text === null || message.html === null) {
    throw new Error(`Reminder ${message.id} was queued without its content`);
  }
  return {
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: [],
    headers: message.headers,
  };
};
