/** The council API: keys in the back office, bills in, ledger out (docs/council-api.md). */
export { councilApiOfficeRoutes, councilApiRoutes } from './council-api-routes';
export { deliverWebhooks } from './webhooks';
export {
  applyRecords,
  BatchRolledBack,
  checkedRecord,
  columnNames,
  columnsFrom,
  columnsOf,
  differsFrom,
  namedTwice,
  recordSetOf,
  rewrittenFrom,
  type Checked,
  type Outcome,
} from './bill-upsert';
