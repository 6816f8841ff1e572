import { createHashRouter } from 'react-router';
import { routes } from './routes';

/** Hash routing (docs/screens.md): the server only ever serves index.html. */
export function createAppRouter() {
  return createHashRouter(routes);
}
