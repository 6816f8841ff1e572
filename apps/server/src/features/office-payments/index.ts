/** What the other back-office features use of payments: a payment a staff member may act on. */
export { visiblePaymentRow } from './office-payments-queries';
