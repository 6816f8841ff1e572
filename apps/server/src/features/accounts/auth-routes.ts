import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailVerificationSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordResetRequestSchema,
  registrationSchema,
} from '@portal/domain/forms';
// The web app sends the language its page is shown in, so that the e-mail a call causes is in it.
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { roles } from '@portal/domain/accounts';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { countAttempt, type RateLimit } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';

import {
  authenticate,
  claimGuestPayments,
  openPasswordReset,
  presentUser,
  register,
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
  verifyEmail,
  type AccountMailSettings,
} from './accounts-service';
import { requireUser } from '../../sessions/session-plugin';
import { endSession, startSession } from '../../sessions/session-store';

/** Issue 5's abuse limits: per client address and per account, shared by every server. */
export const attemptLimits = {
  login: { limit: 10, windowSeconds: 15 * 60 },
  // Ten: a family or an office behind one address may register several people.
  register: { limit: 10, windowSeconds: 60 * 60 },
  reset: { limit: 5, windowSeconds: 60 * 60 },
  verification: { limit: 5, windowSeconds: 60 * 60 },
  /** Each code also dies after five wrong tries; this stops cycling through new codes. */
  verificationCode: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

const user = z.object({
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  ic_num_masked: z.string(),
  roles: z.array(z.enum(roles)),
  email_verified: z.boolean(),
});
const sessionAnswer = z.object({ user: user.nullable(), csrfToken: z.string() });
export const accountAnswer = z.object({
  user,
  email: z.enum(['email_sent', 'email_verification_failed']).optional(),
});
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
  502: apiErrorSchema,
};

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

  api.get(
    '/auth/session',
    {
      schema: {
        summary: 'Who is logged in, and the CSRF token',
        tags,
        response: { 200: sessionAnswer },
      },
    },
    async (request, reply) => {
      const current = await request.currentUser();
      return { user: current ? presentUser(current) : null, csrfToken: reply.csrfToken() };
    },
  );

  api.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create an account and log in; a code to confirm the e-mail is sent',
        tags,
        body: registrationSchema,
        response: { 201: accountAnswer, ...errors },
      },
    },
    async (request, reply) => {
      await countAttempt(
        app.db,
        [`register:ip:${request.ip}`],
        attemptLimits.register,
        app.clock(),
      );
      const created = await register(app.db, request.body, app.clock());
      reply.setSessionCookie(await startSession(app.db, created.id, app.clock()));
      let email: 'email_sent' | 'email_verification_failed' = 'email_sent';
      try {
        await sendVerificationCode(
          mail,
          created,
          languageOfAcceptHeader(request.headers['accept-language']),
          app.clock(),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'verification e-mail not sent');
        email = 'email_verification_failed';
      }
      return reply.code(201).send({ user: presentUser(created), email });
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        summary: 'Log in: a new session, in a new cookie',
        tags,
        body: loginSchema,
        response: { 200: sessionAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await countAttempt(
        app.db,
        [`login:ip:${request.ip}`, `login:account:${email}`],
        attemptLimits.login,
        app.clock(),
      );
      const found = await authenticate(app.db, request.body);
      // Session fixation: whatever session the browser brought ends; the login gets a new id.
      const previous = request.sessionId();
      if (previous) await endSession(app.db, previous);
      reply.setSessionCookie(await startSession(app.db, found.id, app.clock()));
      await claimGuestPayments(app.db, found);
      return { user: presentUser(found), csrfToken: reply.csrfToken() };
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: {
        summary: 'End this session on the server',
        tags,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const sessionId = request.sessionId();
      if (sessionId) await endSession(app.db, sessionId);
      reply.clearSessionCookie();
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'E-mail a reset link, if the address has an account (the answer never says)',
        tags,
        body: forgotPasswordSchema,
        response: { 202: z.object({ status: z.literal('reset_requested') }), ...errors },
      },
    },
    async (request, reply) => {
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
      // 'close' rather than 'finish': it comes even when the client hangs up before the answer ends.
      reply.raw.once('close', () => {
        requestPasswordReset(mail, email, lang, now).catch((error: unknown) =>
          request.log.error({ err: error }, 'password reset e-mail not sent'),
        );
      });
      return reply.code(202).send({ status: 'reset_requested' });
    },
  );

  api.post(
    '/auth/reset-password/check',
    {
      schema: {
        summary: 'Whether a reset link still works',
        tags,
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await openPasswordReset(app.db, request.body.token, app.clock());
      return { valid: true as const };
    },
  );

  api.post(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset link; every other session of the user ends',
        tags,
        body: passwordResetRequestSchema,
        response: { 200: z.object({ status: z.literal('password_reset') }), ...errors },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      await resetPassword(app.db, token, password, request.sessionId(), app.clock());
      return { status: 'password_reset' as const };
    },
  );

  api.post(
    '/auth/verify-email',
    {
      schema: {
        summary: 'Confirm the e-mail address with the code sent to it',
        tags,
        body: emailVerificationSchema,
        response: { 200: accountAnswer, ...errors },
      },
    },
    async (request) => {
      const current = await requireUser(request);
      await countAttempt(
        app.db,
        [`verify:account:${current.id}`],
        attemptLimits.verificationCode,
        app.clock(),
      );
      return {
        user: presentUser(await verifyEmail(app.db, current, request.body.code, app.clock())),
      };
    },
  );

  api.post(
    '/auth/verify-email/send',
    {
      schema: {
        summary: 'Send a new code to confirm the e-mail address',
        tags,
        response: { 200: z.object({ email: z.literal('email_sent') }), ...errors },
      },
    },
    async (request) => {
      const current = await requireUser(request);
      await countAttempt(
        app.db,
        [`verification:account:${current.id}`],
        attemptLimits.verification,
        app.clock(),
      );
      await sendVerificationCode(
        mail,
        current,
        languageOfAcceptHeader(request.headers['accept-language']),
        app.clock(),
      );
      return { email: 'email_sent' as const };
    },
  );
}
