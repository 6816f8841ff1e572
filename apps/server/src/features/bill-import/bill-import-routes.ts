import { templateExample, templateHeader } from '@portal/domain/bill-files';
import { billImportApi } from '@portal/domain/contracts/bill-import';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { csvDocument, textCell } from '../../lib/csv';
import { officeRouteOf, uploadedBytes } from '../../lib/endpoint-route';
import { fileReply } from '../../lib/file-reply';
import { recordAudit } from '../audit';
import { requireOwnCouncil, requireStaff } from '../staff';
import { importBillFile, type ImportCounts } from './bill-file';
import type { Database } from '../../db/database';
import { progressOf, recordProgress } from './import-progress';

/** A council admin's import of a file of bills, in the back office (docs/bill-import.md). */
export async function billImportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(billImportApi.template, tags),
    handler: async (request, reply) => {
      const type = request.query.payment_type;
      return fileReply(
        reply,
        'text/csv; charset=utf-8',
        `bills-${type}.csv`,
        csvDocument(templateHeader(type), [templateExample(type).map(textCell)]),
      );
    },
  });

  api.route({
    ...officeRouteOf(billImportApi.upload, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { council, payment_type: paymentType, checked } = request.query;
      requireOwnCouncil(member, council);
      const bytes = uploadedBytes(request);
      const apply = request.query.apply === 'true';
      const progress = request.query.progress
        ? recordProgress(app.db, request.log, { id: request.query.progress, staffId: member.id })
        : undefined;
      const overwritePaid = request.query.overwrite_paid === 'true';
      const audit = (db: Database, applied: boolean, { file, ...counts }: ImportCounts) =>
        recordAudit(db, request, member, {
          action: 'bills_imported',
          councilCode: council,
          target: `${paymentType} ${file.slice(0, 12)}`,
          detail: { applied, ...counts },
        });
      const answer = await importBillFile(app.db, {
        council,
        paymentType,
        bytes,
        apply,
        checked,
        overwritePaid,
        now: app.clock(),
        by: `import:${member.email}`,
        report: progress?.report,
        // An import and its audit are written in one transaction, each bill corrected by name.
        written: async (tx, { corrected, ...counts }) => {
          await audit(tx, true, counts);
          for (const { line, accountNo, paymentReference } of corrected) {
            await recordAudit(tx, request, member, {
              action: 'bill_corrected',
              councilCode: council,
              target: `${paymentType} ${accountNo}`,
              detail: { payment_reference: paymentReference, line },
            });
          }
        },
      }).finally(() => progress?.end());
      // Only the file that was checked is imported: not one changed since, nor an unchecked one.
      if (apply && checked !== answer.file) {
        throw new AppError('validation_failed', 'Import the file that was checked', {
          checked: 'code_invalid',
        });
      }
      if (!answer.applied) {
        const { file, rows, created, updated, refused } = answer;
        await audit(app.db, false, { file, rows, created, updated, refused });
      }
      return answer;
    },
  });

  api.route({
    ...officeRouteOf(billImportApi.progress, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const progress = await progressOf(app.db, { id: request.params.id, staffId: member.id });
      if (!progress) throw new AppError('not_found', 'No such work running');
      return progress;
    },
  });
}
