import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { councilsRoutes } from './features/councils/councils-routes';
import { healthRoutes } from './features/health/health-routes';
import { searchRoutes } from './features/search/search-routes';
import { settingsRoutes } from './features/settings/settings-routes';
import { errorHandling } from './plugins/error-handling';
import { openApi } from './plugins/open-api';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface AppOptions {
  config: Pick<Config, 'logLevel' | 'nodeEnv' | 'cartLimit'>;
  db: Database;
  /** The built web app's folder (apps/web/dist). */
  webRoot: string;
}

export async function buildApp({ config, db, webRoot }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    },
    // Behind the council's load balancer the client address arrives in X-Forwarded-For.
    trustProxy: true,
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);

  await app.register(errorHandling);
  await app.register(securityHeaders);
  await app.register(openApi);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(councilsRoutes);
      await api.register(settingsRoutes, { cartLimit: config.cartLimit });
      await api.register(searchRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webApp, { root: webRoot });
  return app;
}
