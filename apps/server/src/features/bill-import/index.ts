/** Bills from a council's file, checked then imported (docs/bill-import.md). */
export { billImportRoutes } from './bill-import-routes';
