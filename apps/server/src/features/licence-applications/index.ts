/** Licence applications: from the council's systems, and moved on by its officers. */
export { licenceApplicationsRoutes } from './licence-applications-routes';
export {
  applyApplications,
  batchAnswerOf,
  checkApplications,
  upsertApplications,
  type CheckedApplication,
} from './application-upsert';
