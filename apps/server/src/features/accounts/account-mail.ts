import type { Language } from '@portal/domain/languages';
import type { Database } from '../../db/database';
import { mailMessages } from '../../db/schema';
import { html, type SafeHtml } from '@portal/domain/html';
import { emailDocument, emailFootnote, emailParagraph } from '../../mail/email-document';
import type { MailContent, Mailer } from '../../mail/mailer';

const texts = {
  ms: {
    resetSubject: 'Tetapkan semula kata laluan anda',
    resetIntro:
      'Kami menerima permintaan untuk menetapkan semula kata laluan akaun Portal Bayaran PBT Sabah anda.',
    resetAction: 'Tetapkan kata laluan baharu',
    resetExpiry: 'Pautan ini sah selama 24 jam dan boleh digunakan sekali sahaja.',
    resetIgnore:
      'Jika anda tidak membuat permintaan ini, abaikan e-mel ini. Kata laluan anda tidak berubah.',
    codeSubject: 'Kod pengesahan e-mel anda',
    codeIntro: 'Masukkan kod ini di portal untuk mengesahkan alamat e-mel anda:',
    codeExpiry: 'Kod ini sah selama 24 jam.',
    greeting: (name: string) => `Salam sejahtera ${name},`,
    takenSubject: 'Akaun anda di Portal Bayaran PBT Sabah',
    takenIntro:
      'Seseorang telah cuba mendaftar akaun baharu di Portal Bayaran PBT Sabah dengan alamat e-mel ini. Anda sudah mempunyai akaun dengan alamat ini.',
    takenAction: 'Jika itu anda, log masuk, atau tetapkan semula kata laluan jika anda terlupa:',
    takenIgnore: 'Jika itu bukan anda, abaikan e-mel ini. Akaun anda tidak berubah.',
    automatic: 'E-mel ini dijana secara automatik. Sila jangan balas.',
  },
  en: {
    resetSubject: 'Reset your password',
    resetIntro:
      'We received a request to reset the password of your Sabah Council Payment Portal account.',
    resetAction: 'Set a new password',
    resetExpiry: 'This link is valid for 24 hours and can be used once.',
    resetIgnore: 'If you did not ask for this, ignore this e-mail. Your password has not changed.',
    codeSubject: 'Your e-mail verification code',
    codeIntro: 'Enter this code on the portal to confirm your e-mail address:',
    codeExpiry: 'The code is valid for 24 hours.',
    greeting: (name: string) => `Dear ${name},`,
    takenSubject: 'Your Sabah Council Payment Portal account',
    takenIntro:
      'Someone tried to register a new account on the Sabah Council Payment Portal with this e-mail address. You already have an account with it.',
    takenAction: 'If it was you, log in, or reset your password if you have forgotten it:',
    takenIgnore: 'If it was not you, ignore this e-mail. Your account has not changed.',
    automatic: 'This e-mail was sent automatically. Please do not reply.',
  },
  zh: {
    resetSubject: '重设您的密码',
    resetIntro: '我们收到了重设您沙巴地方政府付款门户账户密码的请求。',
    resetAction: '设置新密码',
    resetExpiry: '此链接在24小时内有效，且只能使用一次。',
    resetIgnore: '如果这不是您本人的请求，请忽略此邮件。您的密码没有改变。',
    codeSubject: '您的电子邮件验证码',
    codeIntro: '请在门户中输入此验证码以确认您的电子邮件地址：',
    codeExpiry: '验证码在24小时内有效。',
    greeting: (name: string) => `${name}，您好：`,
    takenSubject: '您在沙巴地方政府付款门户的账户',
    takenIntro:
      '有人尝试使用此电子邮件地址在沙巴地方政府付款门户注册新账户。您已经拥有使用此地址的账户。',
    takenAction: '如果是您本人，请登录；如果忘记密码，请重设密码：',
    takenIgnore: '如果不是您本人，请忽略此邮件。您的账户没有改变。',
    automatic: '此邮件由系统自动发送，请勿回复。',
  },
} as const;

/** One part of an account e-mail: its plain text, and its HTML when it is not a plain paragraph. */
type Part = string | { text: string; html: SafeHtml };

/** An account e-mail: a greeting, the parts, and the note that it was sent automatically. */
function accountMail(lang: Language, subject: string, name: string, parts: Part[]): MailContent {
  const t = texts[lang];
  const all: Part[] = [t.greeting(name), ...parts];
  return {
    subject,
    text: [...all.map((part) => (typeof part === 'string' ? part : part.text)), t.automatic].join(
      '\n\n',
    ),
    html: emailDocument(lang, subject, [
      ...all.map((part) => (typeof part === 'string' ? emailParagraph(part) : part.html)),
      emailFootnote(t.automatic),
    ]),
    attachments: [],
  };
}

/** The forgotten-password e-mail: the link carries the only copy of the token. */
export function passwordResetMail(lang: Language, name: string, link: string): MailContent {
  const t = texts[lang];
  return accountMail(lang, t.resetSubject, name, [
    t.resetIntro,
    {
      text: `${t.resetAction}:\n${link}`,
      html: emailParagraph(
        html`<a
          href="${link}"
          style="display:inline-block;padding:12px 20px;background:#0b5cab;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold"
          >${t.resetAction}</a
        >`,
      ),
    },
    t.resetExpiry,
    t.resetIgnore,
  ]);
}

export function verificationCodeMail(lang: Language, name: string, code: string): MailContent {
  const t = texts[lang];
  return accountMail(lang, t.codeSubject, name, [
    {
      text: `${t.codeIntro}\n\n${code}`,
      html: html`${emailParagraph(t.codeIntro)}
        <p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>`,
    },
    t.codeExpiry,
  ]);
}

/**
 * To the owner of an address someone tried to register again: registration answers the same
 * whether or not the address has an account (docs/accounts.md), so the owner hears of it here.
 */
export function addressTakenMail(lang: Language, name: string, portalUrl: string): MailContent {
  const t = texts[lang];
  return accountMail(lang, t.takenSubject, name, [
    t.takenIntro,
    {
      text: `${t.takenAction}\n${portalUrl}`,
      html: emailParagraph(html`${t.takenAction} <a href="${portalUrl}">${portalUrl}</a>`),
    },
    t.takenIgnore,
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
