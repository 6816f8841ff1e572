import { staffApi } from '@portal/domain/contracts/staff';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactionWithRetry } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { guessThrottle } from '../../lib/guess-throttle';
import { countAttempt } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { sendSecretMail } from '../../mail/notice-mail';
import { auditedChange, recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from './office-access';
import { checkStaffLogin, presentStaff, type Staff } from './staff-accounts';
import { staffInvitationMail } from './staff-mail';
import {
  changeStaff,
  enrol,
  enrolmentOf,
  inviteStaff,
  presentRecord,
  reenrolStaff,
  staffOfCouncil,
} from './staff-management';
import { endStaffSession, startStaffSession } from './staff-sessions';

/** Enrolment links are guessed at no faster than this, per address. */
const enrolmentLimit = { limit: 20, windowSeconds: 15 * 60 };

/**
 * Staff login and logout, and a council admin's management of their council's staff, with the
 * enrolment an invited member does from their e-mailed link (docs/back-office.md).
 */
export async function staffRoutes(
  app: FastifyInstance,
  options: { mailer: Mailer; publicUrl: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  /** E-mails a staff member their enrolment link, in the language the admin works in. */
  const sendLink = (
    request: FastifyRequest,
    member: Staff,
    token: string,
    why: 'invited' | 'reenrol',
  ) => {
    const lang = languageOfAcceptHeader(request.headers['accept-language']);
    const mail = staffInvitationMail(lang, member, options.publicUrl, token, why);
    return sendSecretMail(
      app.db,
      options.mailer,
      'staff_invitation',
      member.email,
      mail,
      app.clock(),
    );
  };

  api.route({
    ...officeRouteOf(staffApi.session, tags),
    handler: async (request, reply) => {
      const member = await request.staffMember();
      return { staff: member ? presentStaff(member) : null, csrf_token: reply.csrfToken() };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.login, tags),
    handler: async (request, reply) => {
      const now = app.clock();
      // Counted apart from citizens' logins: a citizen's failures never slow an officer down.
      const throttle = guessThrottle(app.db, 'office-login', request.body.email, request.ip);
      await throttle.take(now);
      const outcome = await checkStaffLogin(app.db, app.personalData, request.body, now);
      if ('failure' in outcome) {
        await recordAudit(
          app.db,
          request,
          { id: outcome.member?.id, email: request.body.email },
          { action: 'login_failed', detail: { why: outcome.failure } },
        );
        throw new AppError('auth_error', 'The e-mail, password or code is wrong');
      }
      await throttle.succeed();
      const { member } = outcome;
      const previous = request.staffSessionId();
      if (previous) await endStaffSession(app.db, previous);
      reply.setStaffSessionCookie(await startStaffSession(app.db, member.id, now));
      await recordAudit(app.db, request, member, {
        action: 'login',
        councilCode: member.councilCode,
        detail: { second_factor: /^\d{6}$/.test(request.body.code) ? 'app' : 'recovery_code' },
      });
      return { staff: presentStaff(member), csrf_token: reply.newCsrfToken() };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.logout, tags),
    handler: async (request, reply) => {
      const member = await request.staffMember();
      const sessionId = request.staffSessionId();
      if (sessionId) await endStaffSession(app.db, sessionId);
      if (member) {
        await recordAudit(app.db, request, member, {
          action: 'logout',
          councilCode: member.councilCode,
        });
      }
      reply.clearStaffSessionCookie();
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...officeRouteOf(staffApi.list, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return { staff: await staffOfCouncil(app.db, request.query.council) };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.invite, tags),
    handler: async (request) => {
      const actor = await requireStaff(request);
      const form = request.body;
      requireOwnCouncil(actor, form.council);
      const { member, token } = await auditedChange(
        app.db,
        request,
        actor,
        (tx) => inviteStaff(tx, app.personalData, form, app.clock()),
        ({ member }) => ({
          action: 'staff_invited',
          councilCode: form.council,
          target: member.email,
          detail: { role: member.role },
        }),
      );
      await sendLink(request, member, token, 'invited');
      return { member: presentRecord(member) };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.change, tags),
    handler: async (request) => {
      const actor = await requireStaff(request);
      const form = request.body;
      const member = await changeStaff(
        app.db,
        actor,
        request.params.id,
        form,
        app.clock(),
        (tx, before) =>
          recordAudit(tx, request, actor, {
            action: 'staff_changed',
            councilCode: before.councilCode,
            target: before.email,
            reason: form.reason,
            detail: {
              role: form.role,
              role_before: before.role,
              active: form.active === 'yes',
              active_before: before.disabledAt === null,
            },
          }),
      );
      return { member: presentRecord(member) };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.reenrol, tags),
    handler: async (request) => {
      const actor = await requireStaff(request);
      const { member, token } = await reenrolStaff(
        app.db,
        app.personalData,
        actor,
        request.params.id,
        app.clock(),
        (tx, reset) =>
          recordAudit(tx, request, actor, {
            action: 'staff_reenrolled',
            councilCode: reset.councilCode,
            target: reset.email,
            reason: request.body.reason,
          }),
      );
      await sendLink(request, member, token, 'reenrol');
      return { member: presentRecord(member) };
    },
  });

  api.route({
    ...officeRouteOf(staffApi.enrolment, tags),
    handler: async (request) => {
      const now = app.clock();
      await countAttempt(app.db, [`office-enrol:${request.ip}`], enrolmentLimit, now);
      return enrolmentOf(app.db, app.personalData, request.query.token, now);
    },
  });

  api.route({
    ...officeRouteOf(staffApi.enrol, tags),
    handler: async (request) => {
      const now = app.clock();
      await countAttempt(app.db, [`office-enrol:${request.ip}`], enrolmentLimit, now);
      const { recoveryCodes } = await transactionWithRetry(app.db, async (tx) => {
        const enrolled = await enrol(tx, app.personalData, request.body, now);
        // The member is known only once enrolled: the entry is theirs, in the same transaction.
        await recordAudit(tx, request, enrolled.member, {
          action: 'staff_enrolled',
          councilCode: enrolled.member.councilCode,
        });
        return enrolled;
      });
      return { recovery_codes: recoveryCodes };
    },
  });
}
