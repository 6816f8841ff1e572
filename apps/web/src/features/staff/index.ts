/** What the other back-office screens use of the staff session. */
export { officeQueryKey, useStaffSession } from './staff-session';
export { QueryFailure } from './QueryFailure';
export { OfficePager } from './OfficePager';
export { CouncilChoice } from './CouncilChoice';
export { useScreenCouncil } from './ScreenCouncil';
export { ReasonField } from './ReasonField';
export { Coded, codeWords } from './Coded';
