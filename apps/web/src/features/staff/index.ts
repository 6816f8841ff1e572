/** What the other back-office screens use of the staff session. */
export { officeQueryKey, useStaffSession, useStaffSessionEnded } from './staff-session';
