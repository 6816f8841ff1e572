import type { Language } from '@portal/domain/languages';
import { html } from '@portal/domain/html';
import { emailParagraph } from '../../mail/email-document';
import type { MailContent } from '../../mail/mailer';
import { actionButton, noticeMail } from '../../mail/notice-mail';
import { wordsFor } from '@portal/domain/words/words';

/** The forgotten-password e-mail: the link carries the only copy of the token. */
export function passwordResetMail(lang: Language, name: string, link: string): MailContent {
  const t = wordsFor(lang);
  const action = t('accountMail.resetAction');
  return noticeMail(lang, t('accountMail.resetSubject'), name, [
    t('accountMail.resetIntro'),
    actionButton(action, link),
    t('accountMail.resetExpiry'),
    t('accountMail.resetIgnore'),
  ]);
}

export function verificationCodeMail(lang: Language, name: string, code: string): MailContent {
  const t = wordsFor(lang);
  const intro = t('accountMail.codeIntro');
  return noticeMail(lang, t('accountMail.codeSubject'), name, [
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
  return noticeMail(lang, t('accountMail.takenSubject'), name, [
    t('accountMail.takenIntro'),
    {
      text: `${action}\n${portalUrl}`,
      html: emailParagraph(html`${action} <a href="${portalUrl}">${portalUrl}</a>`),
    },
    t('accountMail.takenIgnore'),
  ]);
}
