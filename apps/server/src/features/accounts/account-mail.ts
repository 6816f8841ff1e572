import type { Language } from '@portal/domain/languages';
import type { Database } from '../../db/database';
import { mailMessages } from '../../db/schema';
import { html, type SafeHtml } from '@portal/domain/html';
import { emailDocument, emailFootnote, emailParagraph } from '../../mail/email-document';
import type { MailContent, Mailer } from '../../mail/mailer';
import { wordsFor } from '@portal/domain/words/words';

/** One part of an account e-mail: its plain text, and its HTML when it is not a plain paragraph. */
type Part = string | { text: string; html: SafeHtml };

/** An account e-mail: a greeting, the parts, and the note that it was sent automatically. */
function accountMail(lang: Language, subject: string, name: string, parts: Part[]): MailContent {
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

/** The forgotten-password e-mail: the link carries the only copy of the token. */
export function passwordResetMail(lang: Language, name: string, link: string): MailContent {
  const t = wordsFor(lang);
  const action = t('accountMail.resetAction');
  return accountMail(lang, t('accountMail.resetSubject'), name, [
    t('accountMail.resetIntro'),
    {
      text: `${action}:\n${link}`,
      html: emailParagraph(
        html`<a
          href="${link}"
          style="display:inline-block;padding:12px 20px;background:#0b5cab;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold"
          >${action}</a
        >`,
      ),
    },
    t('accountMail.resetExpiry'),
    t('accountMail.resetIgnore'),
  ]);
}

export function verificationCodeMail(lang: Language, name: string, code: string): MailContent {
  const t = wordsFor(lang);
  const intro = t('accountMail.codeIntro');
  return accountMail(lang, t('accountMail.codeSubject'), name, [
    {
      text: `${intro}\n\n${code}`,
      html: html`${emailParagraph(intro)}
        <p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>`,
    },
    t('accountMail.codeExpiry'),
  ]);
}

/**
 * To the owner of an address someone tried to register again: registration answers the same
 * whether or not the address has an account (docs/accounts.md), so the owner hears of it here.
 */
export function addressTakenMail(lang: Language, name: string, portalUrl: string): MailContent {
  const t = wordsFor(lang);
  const action = t('accountMail.takenAction');
  return accountMail(lang, t('accountMail.takenSubject'), name, [
    t('accountMail.takenIntro'),
    {
      text: `${action}\n${portalUrl}`,
      html: emailParagraph(html`${action} <a href="${portalUrl}">${portalUrl}</a>`),
    },
    t('accountMail.takenIgnore'),
  ]);
}

/**
 * Sends an account e-mail now rather than through the queue: it carries a secret (a reset link,
 * a code) that the database must not hold. Over SMTP only its envelope is recorded; without SMTP
 * the local outbox is the recipient's mailbox, so it keeps the message to be read at `/dev/mail`.
 */
export async function sendAccountMail(
  db: Database,
  mailer: Mailer,
  kind: 'password_reset' | 'email_verification' | 'address_taken',
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
