import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
// The web app sends the language its page is shown in, so that the e-mail a call causes is in it.
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { accountsApi } from '@portal/domain/contracts/accounts';
import { sessionApi } from '@portal/domain/contracts/session';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { guessThrottle } from '../../lib/guess-throttle';
import { refuseWeakPassword } from '../../lib/passwords';
import { countAttempt, type RateLimit } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { endSession, startSession } from '../../sessions/session-store';
import { sendSecretMail } from '../../mail/notice-mail';
import { addressTakenMail } from './account-mail';
import {
  authenticate,
  claimGuestPayments,
  openPasswordReset,
  presentUser,
  recordRegistration,
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
  verifyEmail,
  type AccountMailSettings,
} from './accounts-service';

/**
 * Abuse limits per client address and per account, shared by every server (docs/accounts.md).
 * Failed logins are not counted here: they slow down progressively (lib/guess-throttle.ts).
 */
export const attemptLimits = {
  // Ten: a family or an office behind one address may register several people.
  register: { limit: 10, windowSeconds: 60 * 60 },
  reset: { limit: 5, windowSeconds: 60 * 60 },
  verification: { limit: 5, windowSeconds: 60 * 60 },
  /** Each code also dies after five wrong tries; this stops cycling through new codes. */
  verificationCode: { limit: 20, windowSeconds: 60 * 60 },
  /** Guesses at the current password from a logged-in session. */
  passwordChange: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

export async function authRoutes(
  app: FastifyInstance,
  options: { mailer: Mailer; publicUrl: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mail: AccountMailSettings = {
    db: app.db,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
  };
  const tags = ['auth'];
  const personal = app.personalData;

  api.route({
    ...routeOf(sessionApi.get, tags),
    handler: async (request, reply) => {
      const current = await request.currentUser();
      return {
        user: current ? presentUser(current, personal) : null,
        csrf_token: reply.csrfToken(),
      };
    },
  });

  api.route({
    ...routeOf(accountsApi.register, tags),
    handler: async (request, reply) => {
      const now = app.clock();
      await countAttempt(app.db, [`register:ip:${request.ip}`], attemptLimits.register, now);
      refuseWeakPassword(request.body.password, {
        email: request.body.email,
        name: request.body.full_name,
      });
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      // Answered first, worked after: whether the address has an account must not show in the
      // answer nor in its timing.
      afterAnswer(reply, async () => {
        const registration = await recordRegistration(app.db, personal, request.body, now);
        if (registration.kind === 'taken') {
          const owner = registration.user;
          await sendSecretMail(
            app.db,
            options.mailer,
            'address_taken',
            owner.email,
            addressTakenMail(lang, owner.fullName, options.publicUrl),
            now,
          );
        } else {
          await sendVerificationCode(mail, registration.user, lang, now);
        }
      });
      return reply.code(202).send({ status: 'verification_sent' as const });
    },
  });

  api.route({
    ...routeOf(accountsApi.login, tags),
    handler: async (request, reply) => {
      const { email } = request.body;
      const now = app.clock();
      const throttle = guessThrottle(app.db, 'login', email, request.ip);
      await throttle.take(now);
      const found = await authenticate(app.db, request.body);
      await throttle.succeed();
      if (!found.emailVerifiedAt) {
        // The right password proves the account is theirs: a new code goes out, within limits.
        const sent = await countAttempt(
          app.db,
          [`verification:account:${found.id}`],
          attemptLimits.verification,
          now,
        ).then(
          () => true,
          () => false,
        );
        if (sent) {
          const lang = languageOfAcceptHeader(request.headers['accept-language']);
          afterAnswer(reply, () => sendVerificationCode(mail, found, lang, now));
        }
        throw new AppError('email_not_verified', 'Confirm the e-mail address first');
      }
      // Session fixation: whatever session the browser brought ends; the login gets a new id.
      const previous = request.sessionId();
      if (previous) await endSession(app.db, previous);
      reply.setSessionCookie(await startSession(app.db, found.id, now));
      await claimGuestPayments(app.db, found);
      return { user: presentUser(found, personal), csrf_token: reply.newCsrfToken() };
    },
  });

  api.route({
    ...routeOf(sessionApi.end, tags),
    handler: async (request, reply) => {
      const sessionId = request.sessionId();
      if (sessionId) await endSession(app.db, sessionId);
      reply.clearSessionCookie();
      reply.newCsrfToken();
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...routeOf(accountsApi.forgotPassword, tags),
    handler: async (request, reply) => {
      const { email } = request.body;
      await countAttempt(
        app.db,
        [`reset:ip:${request.ip}`, `reset:account:${email}`],
        attemptLimits.reset,
        app.clock(),
      );
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      const now = app.clock();
      // Answered first, worked after: a known address must not take longer to answer.
      afterAnswer(reply, () => requestPasswordReset(mail, email, lang, now));
      return reply.code(202).send({ status: 'reset_requested' });
    },
  });

  api.route({
    ...routeOf(accountsApi.checkReset, tags),
    handler: async (request) => {
      await openPasswordReset(app.db, request.body.token, app.clock());
      return { valid: true as const };
    },
  });

  api.route({
    ...routeOf(accountsApi.resetPassword, tags),
    handler: async (request) => {
      const { token, password } = request.body;
      await resetPassword(app.db, token, password, request.sessionId(), app.clock());
      return { status: 'password_reset' as const };
    },
  });

  api.route({
    ...routeOf(accountsApi.verifyEmail, tags),
    handler: async (request, reply) => {
      const { email, code } = request.body;
      const now = app.clock();
      await countAttempt(
        app.db,
        [`verify:account:${email}`, `verify:ip:${request.ip}`],
        attemptLimits.verificationCode,
        now,
      );
      const verified = await verifyEmail(app.db, email, code, now);
      const previous = request.sessionId();
      if (previous) await endSession(app.db, previous);
      reply.setSessionCookie(await startSession(app.db, verified.id, now));
      return { user: presentUser(verified, personal), csrf_token: reply.newCsrfToken() };
    },
  });

  api.route({
    ...routeOf(accountsApi.sendVerification, tags),
    handler: async (request, reply) => {
      const { email } = request.body;
      const now = app.clock();
      await countAttempt(
        app.db,
        [`verification:ip:${request.ip}`, `verification:email:${email}`],
        attemptLimits.verification,
        now,
      );
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      afterAnswer(reply, async () => {
        const [waiting] = await app.db.select().from(users).where(eq(users.email, email));
        if (waiting && !waiting.emailVerifiedAt) {
          await sendVerificationCode(mail, waiting, lang, now);
        }
      });
      return reply.code(202).send({ status: 'verification_sent' as const });
    },
  });

  /**
   * Work that must not show in an answer or its timing, done once the answer is out. 'close'
   * rather than 'finish': it comes even when the client hangs up before the answer ends.
   */
  function afterAnswer(reply: FastifyReply, work: () => Promise<void>) {
    reply.raw.once('close', () => {
      work().catch((error: unknown) => reply.log.error({ err: error }, 'account e-mail not sent'));
    });
  }
}
