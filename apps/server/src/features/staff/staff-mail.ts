import { findCouncil } from '@portal/domain/councils';
import type { Language } from '@portal/domain/languages';
import { officePaths, screenUrl } from '@portal/domain/web-paths';
import { wordsFor } from '@portal/domain/words/words';
import type { MailContent } from '../../mail/mailer';
import { actionButton, noticeMail } from '../../mail/notice-mail';
import type { Staff } from './staff-accounts';

/**
 * The e-mail with a staff member's enrolment link (docs/back-office.md): a new account, or a lost
 * authenticator app to set up again. The link carries the only copy of its token.
 */
export function staffInvitationMail(
  lang: Language,
  member: Staff,
  publicUrl: string,
  token: string,
  why: 'invited' | 'reenrol',
): MailContent {
  const t = wordsFor(lang);
  const link = screenUrl(publicUrl, officePaths.enrol, { token });
  const council = findCouncil(member.councilCode ?? '')?.name ?? '';
  const role = member.role === '_admin' ? 'council_admin' : member.role;
  return noticeMail(
    lang,
    t(why === 'invited' ? 'staffMail.subject' : 'staffMail.reenrolSubject'),
    member.fullName,
    [
      why === 'invited'
        ? t('staffMail.invited', { council, role: t(`staffMail.roles.${role}`) })
        : t('staffMail.reenrol'),
      actionButton(t('staffMail.action'), link),
      t('staffMail.steps'),
      t('staffMail.expiry'),
    ],
  );
}
