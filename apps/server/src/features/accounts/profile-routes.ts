import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileApi } from '@portal/domain/contracts/accounts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { hashPassword, passwordMatches, refuseWeakPassword } from '../../lib/passwords';
import { countAttempt } from '../../lib/rate-limit';
import { presentUser } from './accounts-service';
import { attemptLimits } from './auth-routes';
import { requireRole } from '../../sessions/session-plugin';
import { endOtherSessions } from '../../sessions/session-store';

/** `/profile`: the logged-in user's own details and password. */
export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  api.route({
    ...routeOf(profileApi.get, tags),
    handler: async (request) => ({
      user: presentUser(await requireRole(request, 'user'), app.personalData),
    }),
  });

  api.route({
    ...routeOf(profileApi.update, tags),
    handler: async (request) => {
      const current = await requireRole(request, 'user');
      const { full_name, phone } = request.body;
      if (full_name === current.fullName && phone === current.phone) {
        throw new AppError('data_no_changes', 'Nothing to change');
      }
      const [updated] = await app.db
        .update(users)
        .set({ fullName: full_name, phone, updatedAt: app.clock() })
        .where(eq(users.id, current.id))
        .returning();
      return { user: presentUser(updated!, app.personalData) };
    },
  });

  api.route({
    ...routeOf(profileApi.changePassword, tags),
    handler: async (request, reply) => {
      const current = await requireRole(request, 'user');
      await countAttempt(
        app.db,
        [`password:account:${current.id}`],
        attemptLimits.passwordChange,
        app.clock(),
      );
      refuseWeakPassword(request.body.password, { email: current.email, name: current.fullName });
      if (!(await passwordMatches(current.passwordHash, request.body.current_password))) {
        throw new AppError('validation_failed', 'The current password is wrong', {
          current_password: 'password_incorrect',
        });
      }
      const passwordHash = await hashPassword(request.body.password);
      await app.db
        .update(users)
        .set({ passwordHash, updatedAt: app.clock() })
        .where(eq(users.id, current.id));
      await endOtherSessions(app.db, current.id, request.sessionId());
      return reply.code(204).send(null);
    },
  });
}
