import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API's OpenAPI description, built from each route's zod schemas; served with its browser at
 * /api/docs only when `serve` is on (not in production unless API_DOCS says so: it maps the API
 * for anyone who asks).
 */
export const openApi = fp(async (app: FastifyInstance, options: { serve: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sabah council payment portal API',
        description:
          'Bills, payments and accounts of the 23 local councils of Sabah. Amounts are in sen.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.serve) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
