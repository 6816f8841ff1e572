/** What the rest of the server uses of my accounts: its routes. */
export { myAccountsRoutes } from './my-accounts-routes';
