import { councilProfileApi } from '@portal/domain/contracts/council-profile';
import { contactOfForm } from '@portal/domain/forms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import { recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { changeContact, changeProfile, profileOf } from './council-profile-service';

/**
 * A council's profile in the back office (docs/back-office.md): its admin edits their own council,
 * the state admin any. The portal reads these columns on every request, so a change is in force
 * on every server at once.
 */
export async function councilProfileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(councilProfileApi.get, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return profileOf(app.db, request.query.council);
    },
  });

  api.route({
    ...officeRouteOf(councilProfileApi.change, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      requireOwnCouncil(member, form.council);
      return changeProfile(app.db, form, (tx, detail) =>
        recordAudit(tx, request, member, {
          action: 'council_profile_changed',
          councilCode: form.council,
          target: form.council,
          reason: form.reason,
          detail,
        }),
      );
    },
  });

  api.route({
    ...officeRouteOf(councilProfileApi.contact, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      requireOwnCouncil(member, form.council);
      return changeContact(app.db, form.council, contactOfForm(form), (tx, detail) =>
        recordAudit(tx, request, member, {
          action: 'council_contact_changed',
          councilCode: form.council,
          target: form.council,
          reason: form.reason,
          detail,
        }),
      );
    },
  });
}
