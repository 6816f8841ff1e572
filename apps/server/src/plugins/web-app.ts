import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Vite names its assets by content hash, so they are cached for a year;
 * index.html is revalidated every time so a new release reaches phones at once. Files are looked up
 * on disk at each request, not listed at start, so a build made while the server runs is served
 * whole: its new chunks are found, and a removed one is missing (404), which the app answers by
 * reloading once (docs/operations.md).
 */
export const webApp = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app not built: run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: true,
    preCompressed: true,
    setHeaders(response, path) {
      response.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
