/** What the other back-office features use of staff: who is logged in, and what they may see. */
export { officeSessionCookie, requireOwnCouncil, requireStaff } from './office-access';
export type { Staff } from './staff-accounts';
