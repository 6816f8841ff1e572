/**
 * The back office's roles (docs/back-office.md), each allowed all that the one before it is and
 * more: an officer reads; finance also requeries, resolves reviews and records refunds; a council
 * admin also changes the council's switches, content and staff. `_admin` is state-wide and may do
 * everything for every council; the others act for their own council only.
 */
export const staffRoles = ['officer', 'finance', 'council_admin', '_admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The roles a council admin may give: their council's, never the state-wide one. */
export const councilStaffRoles = ['officer', 'finance', 'council_admin'] as const;

/**
 * Who may call a back-office endpoint: `anyone` for logging in and out, else the least role
 * needed. Every back-office endpoint declares one, and the server refuses to start without it.
 */
export type StaffAccess = 'anyone' | StaffRole;

/**
 * Whether the back office checks who calls a route of this access (`login_required`,
 * `forbidden`): all but the login's own routes, and any that names nobody.
 */
export function accessChecked(access: StaffAccess | undefined): access is StaffRole | undefined {
  return access !== 'anyone';
}

/** Whether a staff member with `held` may do what needs `needed`. */
export function roleAllows(held: StaffRole, needed: StaffRole): boolean {
  return staffRoles.indexOf(held) >= staffRoles.indexOf(needed);
}
