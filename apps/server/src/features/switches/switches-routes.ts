import { switchesApi } from '@portal/domain/contracts/switches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import { recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { changeChannelState, changeSwitch, channelStatesOf, switchesOf } from './switches-service';

/**
 * A council admin's switches (docs/back-office.md): the council, each payment type, each way to
 * pay; and the state-wide admin's marks on the banks and e-wallets that are down.
 */
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

  api.route({
    ...officeRouteOf(switchesApi.channels, tags),
    handler: async () => channelStatesOf(app.db),
  });

  api.route({
    ...officeRouteOf(switchesApi.changeChannel, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      await changeChannelState(app.db, form, member.email, app.clock(), (tx, was) =>
        recordAudit(tx, request, member, {
          action: 'channel_changed',
          target: form.payment_id,
          reason: form.reason,
          detail: { online: form.online === 'on', was_online: was },
        }),
      );
      return channelStatesOf(app.db);
    },
  });
}
