/**
 * What the rest of the web app uses of my accounts: the search result's "save to my accounts" and
 * the profile's reminder choices; the page itself is loaded by the router.
 */
export { SaveAccountForm } from './SaveAccountForm';
export { ReminderChoicesForm } from './ReminderChoicesForm';
