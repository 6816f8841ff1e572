/**
 * What the rest of the web app uses of my accounts: the search result's "save to my accounts"; the
 * page itself is loaded by the router.
 */
export { SaveAccountForm } from './SaveAccountForm';
