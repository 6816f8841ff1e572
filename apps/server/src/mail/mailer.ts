import nodemailer from 'nodemailer';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Headers of its own, e.g. a reminder's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Sends mail over SMTP when `SMTP_URL` is set. Without it, nothing leaves
 * the machine: the message stays in the outbox table, readable at `/dev/mail`.
 */
export function createMailer(settings: { smtpUrl: string | undefined; from: string }) {
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  return {
    /** 'sent' once the SMTP server took it; 'outbox' when there is no SMTP server. */
    async send(to: string, content: MailContent): Promise<'sent' | 'outbox'> {
      if (!transport) return 'outbox';
      await transport.sendMail({ from: settings.from, to, ...content });
      return 'sent';
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
