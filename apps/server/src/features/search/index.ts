/** What the rest of the server uses of search: a bill as a search answers it. */
export { presentBill } from './search-service';
export type { BillRow } from './search-queries';
