import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myAccountsApi, savedAccountLimit } from '@portal/domain/contracts/my-accounts';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { routeOf } from '../../lib/endpoint-route';
import { requireRole } from '../../sessions/session-plugin';
import {
  listSavedAccounts,
  removeAccount,
  renameAccount,
  saveAccount,
} from './my-accounts-service';

/** `/my-accounts`: a logged-in user's saved accounts and the reminders they want of them. */
export async function myAccountsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['my accounts'];

  api.route({
    ...routeOf(myAccountsApi.list, tags),
    handler: async (request) => {
      const user = await requireRole(request, 'user');
      return { accounts: await listSavedAccounts(app.db, user.id), limit: savedAccountLimit };
    },
  });

  api.route({
    ...routeOf(myAccountsApi.save, tags),
    handler: async (request) => {
      const user = await requireRole(request, 'user');
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      return saveAccount(app.db, user.id, request.body, lang);
    },
  });

  api.route({
    ...routeOf(myAccountsApi.rename, tags),
    handler: async (request) => {
      const user = await requireRole(request, 'user');
      return {
        account: await renameAccount(app.db, user.id, request.params.id, request.body.nickname),
      };
    },
  });

  api.route({
    ...routeOf(myAccountsApi.remove, tags),
    handler: async (request, reply) => {
      const user = await requireRole(request, 'user');
      await removeAccount(app.db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...routeOf(myAccountsApi.reminders, tags),
    handler: async (request) => {
      const user = await requireRole(request, 'user');
      return {
        assessment: user.remindAssessment,
        license: user.remindLicense,
        compound: user.remindCompound,
      };
    },
  });

  api.route({
    ...routeOf(myAccountsApi.setReminders, tags),
    handler: async (request) => {
      const user = await requireRole(request, 'user');
      const { assessment, license, compound } = request.body;
      await app.db
        .update(users)
        .set({
          remindAssessment: assessment,
          remindLicense: license,
          remindCompound: compound,
          lang: languageOfAcceptHeader(request.headers['accept-language']),
          updatedAt: app.clock(),
        })
        .where(eq(users.id, user.id));
      return { assessment, license, compound };
    },
  });
}
