import formBody from '@fastify/formbody';
import { html, type SafeHtml } from '@portal/domain/html';
import { languageOfAcceptHeader, type Language } from '@portal/domain/languages';
import { isReminderKind, type ReminderKind } from '@portal/domain/reminders';
import { paths } from '@portal/domain/web-paths';
import { wordsFor } from '@portal/domain/words/words';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { emailDocument, emailParagraph } from '../../mail/email-document';
import { unsubscribePath, unsubscribeSigned } from './reminder-mail';
import { stopReminders } from './reminders';

interface Link {
  user: number;
  kind: ReminderKind;
}

/**
 * The one-click unsubscribe of reminder e-mails (RFC 8058), outside the JSON API: mail clients and
 * people's browsers call it without a session or CSRF token, so the link's signature is its only
 * credential. A GET (anyone's link scanner among them) only asks; the POST with
 * `List-Unsubscribe=One-Click` that a mail client sends, or the page's own button, stops them.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  options: { signingKey: string; publicUrl: string },
) {
  await app.register(formBody, { bodyLimit: 1024 });

  /** The user and kind a link names, when its signature is the portal's; undefined otherwise. */
  function signedLink(request: FastifyRequest): Link | undefined {
    const query = request.query as Record<string, unknown>;
    const user = Number(query.user);
    const { kind, signature } = query;
    if (!Number.isSafeInteger(user) || user <= 0 || !isReminderKind(kind)) return undefined;
    if (typeof signature !== 'string') return undefined;
    return unsubscribeSigned(options.signingKey, user, kind, signature)
      ? { user, kind }
      : undefined;
  }

  async function languageOf(request: FastifyRequest, link: Link | undefined): Promise<Language> {
    if (link) {
      const [user] = await app.db
        .select({ lang: users.lang })
        .from(users)
        .where(eq(users.id, link.user));
      if (user) return user.lang;
    }
    return languageOfAcceptHeader(request.headers['accept-language']);
  }

  function page(reply: FastifyReply, status: number, lang: Language, content: SafeHtml[]) {
    const t = wordsFor(lang);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        emailDocument(lang, t('reminderMail.page.title'), [
          html`<h1 style="font-size:20px;margin:0 0 16px">${t('reminderMail.page.title')}</h1>`,
          ...content,
        ]),
      );
  }

  const profileLink = (lang: Language) =>
    emailParagraph(
      html`<a href="${options.publicUrl}/#${paths.profile}"
        >${wordsFor(lang)('reminderMail.page.profile')}</a
      >`,
    );

  function invalid(reply: FastifyReply, lang: Language) {
    return page(reply, 400, lang, [
      emailParagraph(wordsFor(lang)('reminderMail.page.invalid')),
      profileLink(lang),
    ]);
  }

  app.get(unsubscribePath, { schema: { hide: true } }, async (request, reply) => {
    const link = signedLink(request);
    const lang = await languageOf(request, link);
    if (!link) return invalid(reply, lang);
    const t = wordsFor(lang);
    const kind = t(`reminderMail.kind.${link.kind}`);
    return page(reply, 200, lang, [
      emailParagraph(t('reminderMail.page.confirm', { kind })),
      html`<form method="post" action="${request.url}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button
          type="submit"
          style="padding:12px 20px;background:#0b5cab;color:#ffffff;border:0;border-radius:6px;font-weight:bold;font-size:14px"
        >
          ${t('reminderMail.page.button')}
        </button>
      </form>`,
    ]);
  });

  app.post(unsubscribePath, { schema: { hide: true } }, async (request, reply) => {
    const link = signedLink(request);
    const body = request.body as Record<string, unknown> | undefined;
    const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
    const lang = await languageOf(request, link);
    if (!link || !oneClick) return invalid(reply, lang);
    const stopped = await stopReminders(app.db, link.user, link.kind);
    if (!stopped) return invalid(reply, lang);
    const t = wordsFor(stopped.lang);
    return page(reply, 200, stopped.lang, [
      emailParagraph(t('reminderMail.page.done', { kind: t(`reminderMail.kind.${link.kind}`) })),
      profileLink(stopped.lang),
    ]);
  });
}
