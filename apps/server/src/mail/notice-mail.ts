import type { Language } from '@portal/domain/languages';
import { html, type SafeHtml } from '@portal/domain/html';
import { wordsFor } from '@portal/domain/words/words';
import type { Database } from '../db/database';
import { mailMessages } from '../db/schema';
import { emailDocument, emailFootnote, emailParagraph } from './email-document';
import type { MailContent, Mailer } from './mailer';

/** One part of a notice e-mail: its plain text, and its HTML when it is not a plain paragraph. */
export type Part = string | { text: string; html: SafeHtml };

/** A notice e-mail: a greeting, the parts, and the note that it was sent automatically. */
export function noticeMail(
  lang: Language,
  subject: string,
  name: string,
  parts: Part[],
): MailContent {
  const t = wordsFor(lang);
  const all: Part[] = [t('accountMail.greeting', { name }), ...parts];
  return {
    subject,
    text: [
      ...all.map((part) => (typeof part === 'string' ? part : part.text)),
      t('mail.automatic'),
    ].join('\n\n'),
    html: emailDocument(lang, subject, [
      ...all.map((part) => (typeof part === 'string' ? emailParagraph(part) : part.html)),
      emailFootnote(t('mail.automatic')),
    ]),
    attachments: [],
  };
}

/** A link as a button in HTML, and as the address under its label in plain text. */
export function actionButton(label: string, link: string): Part {
  return {
    text: `${label}:\n${link}`,
    html: emailParagraph(
      html`<a
        href="${link}"
        style="display:inline-block;padding:12px 20px;background:#0b5cab;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold"
        >${label}</a
      >`,
    ),
  };
}

/**
 * Sends a notice e-mail now rather than through the queue: it carries a secret (a reset link,
 * a code) that the database must not hold. Over SMTP only its envelope is recorded; without SMTP
 * the local outbox is the recipient's mailbox, so it keeps the message to be read at `/dev/mail`.
 */
export async function sendSecretMail(
  db: Database,
  mailer: Mailer,
  kind: 'password_reset' | 'email_verification' | 'address_taken' | 'staff_invitation',
  to: string,
  content: MailContent,
  now: Date,
): Promise<void> {
  const status = await mailer.send(to, content);
  const kept = status === 'outbox';
  await db.insert(mailMessages).values({
    kind,
    recipient: to,
    status,
    subject: content.subject,
    text: kept ? content.text : null,
    html: kept ? content.html : null,
    createdAt: now,
    sendAfter: now,
    sentAt: now,
  });
}
