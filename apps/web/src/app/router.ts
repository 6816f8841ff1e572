import { createHashRouter } from 'react-router';
import { routes } from './routes';

/** Hash routing (spec section 2): the server only ever serves index.html. */
export function createAppRouter() {
  return createHashRouter(routes);
}
