import { refundsApi } from '@portal/domain/contracts/refunds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { recordAudit } from '../audit';
import { visiblePaymentRow } from '../office-payments';
import { requireStaff } from '../staff';
import { actOnOwedRefund, officeRefund, recordRefund, refundQueue } from './refunds-service';

/**
 * Refunds in the back office (docs/refunds.md): a finance officer records a refund of a settled
 * payment made in the gateway's merchant portal, and works the queue of money owed back to payers.
 */
export async function refundsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(refundsApi.record, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const found = await visiblePaymentRow(app.db, member, request.params.reference);
      if (!found) throw new AppError('not_found', 'No such payment of your council');
      const { row, councilCode } = found;
      const recorded = await recordRefund(
        app.db,
        member,
        row.id,
        request.body,
        app.clock(),
        (tx, refund) =>
          recordAudit(tx, request, member, {
            action: 'refund_recorded',
            councilCode,
            target: row.reference,
            reason: request.body.reason,
            detail: {
              refund: refund.refundRef,
              amount_sen: refund.amountSen,
              gateway_refund_id: refund.gatewayRefundId,
            },
          }),
      );
      return { refund: await officeRefund(app.db, recorded.id) };
    },
  });

  api.route({
    ...officeRouteOf(refundsApi.queue, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      return refundQueue(app.db, member, request.query);
    },
  });

  api.route({
    ...officeRouteOf(refundsApi.refunded, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const made = await actOnOwedRefund(
        app.db,
        member,
        request.params.id,
        { refunded: request.body, now: app.clock() },
        (tx, refund, reference) =>
          recordAudit(tx, request, member, {
            action: 'refund_sent',
            councilCode: member.councilCode,
            target: reference,
            detail: {
              refund: refund.refundRef,
              amount_sen: refund.amountSen,
              gateway_refund_id: refund.gatewayRefundId,
            },
          }),
      );
      return { refund: await officeRefund(app.db, made.id) };
    },
  });

  api.route({
    ...officeRouteOf(refundsApi.resolve, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const resolved = await actOnOwedRefund(
        app.db,
        member,
        request.params.id,
        { resolution: request.body, now: app.clock() },
        (tx, refund, reference) =>
          recordAudit(tx, request, member, {
            action: 'refund_resolved',
            councilCode: member.councilCode,
            target: reference,
            reason: request.body.reason,
            detail: { refund_id: refund.id, amount_sen: refund.amountSen },
          }),
      );
      return { refund: await officeRefund(app.db, resolved.id) };
    },
  });
}
