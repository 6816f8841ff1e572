import { switchesApi } from '@portal/domain/contracts/switches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import { recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { changeSwitch, switchesOf } from './switches-service';

/** A council admin's switches (docs/back-office.md): the council, and each payment type. */
export async function switchesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(switchesApi.get, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return switchesOf(app.db, request.query.council);
    },
  });

  api.route({
    ...officeRouteOf(switchesApi.change, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      requireOwnCouncil(member, form.council);
      await changeSwitch(app.db, form, (tx, was) =>
        recordAudit(tx, request, member, {
          action: 'switch_changed',
          councilCode: form.council,
          target: form.target,
          reason: form.reason,
          detail: { available: form.available === 'on', was_available: was },
        }),
      );
      return switchesOf(app.db, form.council);
    },
  });
}
