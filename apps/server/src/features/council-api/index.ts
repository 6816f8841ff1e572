/** The council API: keys in the back office, bills in, ledger out (docs/council-api.md). */
export { apiKeysRoutes, councilApiRoutes } from './council-api-routes';
