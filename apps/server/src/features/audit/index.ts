/** How every back-office feature writes to the audit log. */
export { auditedChange, recordAudit, type AuditRecord } from './audit-log';
export { auditOfCouncilDay } from './audit-routes';
