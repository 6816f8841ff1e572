import { officePaymentsApi } from '@portal/domain/contracts/office-payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { countAttempt } from '../../lib/rate-limit';
import type { PaymentTimings } from '../../config';
import type { GatewayClient } from '../../gateway/gateway-client';
import { recordAudit } from '../audit';
import { requeryPayment, resolveReview } from '../payments';
import { requireStaff } from '../staff';
import { findPayments, officePayment, visiblePaymentRow } from './office-payments-queries';

/** A requery asks the gateway: an officer clicking on repeat must not flood it. */
const requeryLimit = { limit: 20, windowSeconds: 60 };

/** Payments in the back office (docs/back-office.md): find, look at, and requery one. */
export async function officePaymentsRoutes(
  app: FastifyInstance,
  options: { gateway: GatewayClient; timings: PaymentTimings },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  const notFound = () => new AppError('not_found', 'No such payment of your council');

  api.route({
    ...officeRouteOf(officePaymentsApi.find, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const page = await findPayments(app.db, member, request.query);
      await recordAudit(app.db, request, member, {
        action: 'payments_searched',
        councilCode: request.query.council ?? member.councilCode,
        detail: { ...request.query, found: page.total },
      });
      return page;
    },
  });

  api.route({
    ...officeRouteOf(officePaymentsApi.get, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const payment = await officePayment(app.db, member, request.params.reference);
      if (!payment) throw notFound();
      // The payer's name, e-mail and phone are personal data: each look is on record.
      await recordAudit(app.db, request, member, {
        action: 'payment_viewed',
        councilCode: member.councilCode ?? payment.councils[0],
        target: payment.reference,
      });
      return payment;
    },
  });

  api.route({
    ...officeRouteOf(officePaymentsApi.requery, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const now = app.clock();
      await countAttempt(app.db, [`office-requery:${member.id}`], requeryLimit, now);
      const found = await visiblePaymentRow(app.db, member, request.params.reference);
      if (!found) throw notFound();
      const { row, councilCode } = found;
      const { answer, outcome } = await requeryPayment(
        app.db,
        options.gateway,
        options.timings,
        row,
        now,
      );
      await recordAudit(app.db, request, member, {
        action: 'payment_requeried',
        councilCode,
        target: row.reference,
        detail: { answer, outcome: outcome ?? null, status_before: row.status },
      });
      const payment = await officePayment(app.db, member, row.reference);
      return { answer, payment: payment! };
    },
  });

  api.route({
    ...officeRouteOf(officePaymentsApi.resolveReview, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const found = await visiblePaymentRow(app.db, member, request.params.reference);
      if (!found) throw notFound();
      const { row, councilCode } = found;
      const { decision, trans_id: transId, reason } = request.body;
      const outcome = await resolveReview(
        app.db,
        options.timings,
        row.id,
        decision === 'accept' ? { accept: true, transId } : { accept: false },
        reason,
        app.clock(),
        (tx, made) =>
          recordAudit(tx, request, member, {
            action: 'review_resolved',
            councilCode,
            target: row.reference,
            reason,
            detail: { decision, trans_id: transId || null, flag: row.reviewReason, outcome: made },
          }),
      );
      const payment = await officePayment(app.db, member, row.reference);
      return { outcome, payment: payment! };
    },
  });
}
