import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { checkoutRoutes } from './features/checkout/checkout-routes';
import { councilsRoutes } from './features/councils/councils-routes';
import { healthRoutes } from './features/health/health-routes';
import { paymentsRoutes } from './features/payments/payments-routes';
import { receiptsRoutes } from './features/receipts/receipts-routes';
import { searchRoutes } from './features/search/search-routes';
import { settingsRoutes } from './features/settings/settings-routes';
import { createGatewayClient } from './gateway/gateway-client';
import { devMailRoutes } from './mail/dev-mail-routes';
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
  config: Pick<
    Config,
    | 'logLevel'
    | 'nodeEnv'
    | 'cartLimit'
    | 'publicUrl'
    | 'gatewayUrl'
    | 'merchantCode'
    | 'merchantKey'
  >;
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
  const gateway = createGatewayClient(config);

  await app.register(errorHandling);
  await app.register(securityHeaders, { formTargets: [new URL(config.gatewayUrl).origin] });
  await app.register(openApi);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(councilsRoutes);
      await api.register(settingsRoutes, { cartLimit: config.cartLimit });
      await api.register(searchRoutes);
      await api.register(checkoutRoutes, { gateway, cartLimit: config.cartLimit });
      await api.register(paymentsRoutes, { gateway });
      await api.register(receiptsRoutes, { publicUrl: config.publicUrl });
    },
    { prefix: '/api' },
  );
  if (config.nodeEnv !== 'production') await app.register(devMailRoutes);
  await app.register(webApp, { root: webRoot });
  return app;
}
