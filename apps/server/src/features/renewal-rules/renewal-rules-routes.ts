import { renewalRulesApi, type RenewalRulesView } from '@portal/domain/contracts/renewal-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import { recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { changeRenewalRules, renewalRulesView } from './renewal-rules-service';

/**
 * The rules as an audit entry's detail holds them (flat values): the new ones plainly named, the
 * previous ones with `was_`; the reductions as JSON, each with its name, method and dates.
 */
function auditDetail(rules: RenewalRulesView, prefix: '' | 'was_') {
  return {
    [`${prefix}version`]: rules.version,
    [`${prefix}process_fee_sen`]: rules.process_fee_sen,
    [`${prefix}early_renewal_days`]: rules.early_renewal_days,
    [`${prefix}renewable_statuses`]: rules.renewable_statuses.join(','),
    [`${prefix}reductions`]: JSON.stringify(rules.reductions),
  };
}

/**
 * A council admin's licence renewal rules (docs/licences.md): the process fee, the early-renewal
 * window, the statuses that renew, and the reductions; the state admin's for any council.
 */
export async function renewalRulesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(renewalRulesApi.get, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      requireOwnCouncil(member, request.query.council);
      return renewalRulesView(app.db, request.query.council);
    },
  });

  api.route({
    ...officeRouteOf(renewalRulesApi.change, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const change = request.body;
      requireOwnCouncil(member, change.council);
      return changeRenewalRules(app.db, change, (tx, was, now) =>
        recordAudit(tx, request, member, {
          action: 'renewal_rules_changed',
          councilCode: change.council,
          target: change.council,
          detail: { ...auditDetail(now, ''), ...auditDetail(was, 'was_') },
        }),
      );
    },
  });
}
