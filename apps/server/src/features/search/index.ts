/** What the rest of the server uses of search: a bill as a search reads and answers it. */
export { presentBill } from './search-service';
export { shownBillColumns, type BillRow } from './search-queries';
