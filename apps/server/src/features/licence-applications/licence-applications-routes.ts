import { licenceApplicationsApi } from '@portal/domain/contracts/licence-applications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { auditedChange } from '../audit';
import { requireStaff } from '../staff';
import {
  applicationByReference,
  changeApplicationStatus,
  officeApplicationOf,
} from './office-applications';

/**
 * An officer's licence applications (docs/licences.md): one of the council's found by reference,
 * moved to another status. Another council's is not found, for council staff.
 */
export async function licenceApplicationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(licenceApplicationsApi.find, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, reference } = request.body;
      const row =
        member.councilCode === null || member.councilCode === council
          ? await applicationByReference(app.db, council, reference)
          : undefined;
      if (!row)
        throw new AppError('not_found', 'No application of this council has this reference');
      return officeApplicationOf(app.db, row);
    },
  });

  api.route({
    ...officeRouteOf(licenceApplicationsApi.changeStatus, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      const { after } = await auditedChange(
        app.db,
        request,
        member,
        (tx) =>
          changeApplicationStatus(tx, member.councilCode, request.params.id, form, {
            by: member.email,
            now: app.clock(),
          }),
        ({ before, after }) => ({
          action: 'application_status_changed',
          councilCode: after.councilCode,
          target: after.displayReference,
          reason: after.note,
          detail: {
            status: after.status,
            previous_status: before.status,
            licence_no: after.licenceNo,
            previous_licence_no: before.licenceNo,
          },
        }),
      );
      return officeApplicationOf(app.db, after);
    },
  });
}
