import { settlementApi } from '@portal/domain/contracts/settlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import { auditOfCouncilDay, recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { auditCsv, settlementCsv } from './settlement-csv';
import { renderSettlementPdf, settlementSignature } from './settlement-pdf';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { sameSecret } from '../../lib/secrets';
import { councilLetterheadOf } from '../../lib/stored-images';
import { settlementOf, settlementSummary } from './settlement-queries';
import { fileReply } from '../../lib/file-reply';

/** A day's settlement, on screen, as CSV, and the state-wide summary (docs/back-office.md). */
export async function settlementRoutes(app: FastifyInstance, options: { signingKey: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(settlementApi.day, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, day } = request.query;
      requireOwnCouncil(member, council);
      const report = await settlementOf(app.db, council, day);
      await recordAudit(app.db, request, member, {
        action: 'settlement_viewed',
        councilCode: council,
        target: day,
        detail: { count: report.count, total_sen: report.total },
      });
      return report;
    },
  });

  api.route({
    ...officeRouteOf(settlementApi.csv, tags),
    handler: async (request, reply) => {
      const member = await requireStaff(request);
      const { council, day } = request.query;
      requireOwnCouncil(member, council);
      const report = await settlementOf(app.db, council, day);
      await recordAudit(app.db, request, member, {
        action: 'settlement_downloaded',
        councilCode: council,
        target: day,
        detail: { count: report.count, total_sen: report.total, format: 'csv' },
      });
      return fileReply(
        reply,
        'text/csv; charset=utf-8',
        `settlement-${council}-${day}.csv`,
        settlementCsv(report),
      );
    },
  });

  api.route({
    ...officeRouteOf(settlementApi.auditCsv, tags),
    handler: async (request, reply) => {
      const member = await requireStaff(request);
      const { council, day } = request.query;
      requireOwnCouncil(member, council);
      const entries = await auditOfCouncilDay(app.db, council, day);
      // Recorded after it is read: the download is on the next day's record, not in this file.
      await recordAudit(app.db, request, member, {
        action: 'settlement_downloaded',
        councilCode: council,
        target: day,
        detail: { count: entries.length, format: 'audit_csv' },
      });
      return fileReply(
        reply,
        'text/csv; charset=utf-8',
        `audit-${council}-${day}.csv`,
        auditCsv(entries),
      );
    },
  });

  api.route({
    ...officeRouteOf(settlementApi.pdf, tags),
    handler: async (request, reply) => {
      const member = await requireStaff(request);
      const { council, day } = request.query;
      requireOwnCouncil(member, council);
      const report = await settlementOf(app.db, council, day);
      const signature = settlementSignature(options.signingKey, report);
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      const pdf = await renderSettlementPdf(report, signature, lang, {
        letterhead: await councilLetterheadOf(app.db, council),
      });
      await recordAudit(app.db, request, member, {
        action: 'settlement_downloaded',
        councilCode: council,
        target: day,
        detail: { count: report.count, total_sen: report.total, format: 'pdf' },
      });
      return fileReply(reply, 'application/pdf', `settlement-${council}-${day}.pdf`, pdf);
    },
  });

  api.route({
    ...officeRouteOf(settlementApi.checkSignature, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, day, signature } = request.body;
      requireOwnCouncil(member, council);
      const report = await settlementOf(app.db, council, day);
      const expected = settlementSignature(options.signingKey, report);
      return {
        genuine: sameSecret(expected, signature),
        count: report.count,
        total: report.total,
      };
    },
  });

  api.route({
    ...officeRouteOf(settlementApi.summary, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const summary = await settlementSummary(app.db, request.query.day);
      await recordAudit(app.db, request, member, {
        action: 'settlement_viewed',
        target: request.query.day,
        detail: {
          count: summary.count,
          total_sen: summary.total,
          councils: summary.councils.length,
        },
      });
      return summary;
    },
  });
}
