import { staffApi } from '@portal/domain/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { loginThrottle } from '../../lib/login-throttle';
import { recordAudit } from '../audit';
import { checkStaffLogin, presentStaff } from './staff-accounts';
import { endStaffSession, startStaffSession } from './staff-sessions';

/** Staff login and logout (docs/back-office.md). */
export async function staffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

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
      const throttle = loginThrottle(app.db, `office:${request.body.email}`, request.ip);
      await throttle.check(now);
      const outcome = await checkStaffLogin(app.db, app.personalData, request.body, now);
      if ('failure' in outcome) {
        await throttle.fail(now);
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
}
