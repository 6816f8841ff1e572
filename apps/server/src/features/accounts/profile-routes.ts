import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeSchema, profileSchema } from '@portal/domain/forms';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, passwordMatches, refuseCommonPassword } from '../../lib/passwords';
import { countAttempt } from '../../lib/rate-limit';
import { presentUser } from './accounts-service';
import { accountAnswer, attemptLimits } from './auth-routes';
import { requireRole } from '../../sessions/session-plugin';
import { endOtherSessions } from '../../sessions/session-store';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
/** `/profile`: the logged-in user's own details and password. */
export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  api.get(
    '/profile',
    { schema: { summary: 'My profile', tags, response: { 200: accountAnswer, ...errors } } },
    async (request) => ({
      user: presentUser(await requireRole(request, 'user'), app.personalData),
    }),
  );

  api.put(
    '/profile',
    {
      schema: {
        summary: 'Change my full name and phone number',
        tags,
        body: profileSchema,
        response: { 200: accountAnswer, ...errors },
      },
    },
    async (request) => {
      const current = await requireRole(request, 'user');
      const { full_name, phone } = request.body;
      if (full_name === current.fullName && phone === current.phone) {
        throw new AppError(409, 'data_no_changes', 'Nothing to change');
      }
      const [updated] = await app.db
        .update(users)
        .set({ fullName: full_name, phone, updatedAt: app.clock() })
        .where(eq(users.id, current.id))
        .returning();
      return { user: presentUser(updated!, app.personalData) };
    },
  );

  api.put(
    '/profile/password',
    {
      schema: {
        summary: 'Change my password (the current one is needed); my other sessions end',
        tags,
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const current = await requireRole(request, 'user');
      await countAttempt(
        app.db,
        [`password:account:${current.id}`],
        attemptLimits.passwordChange,
        app.clock(),
      );
      refuseCommonPassword(request.body.password);
      if (!(await passwordMatches(current.passwordHash, request.body.current_password))) {
        throw new AppError(400, 'validation_failed', 'The current password is wrong', {
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
  );
}
