import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isValidationMessageKey,
  type ErrorCode,
  type ValidationMessageKey,
} from '@portal/domain/errors';
import type { ApiError } from '@portal/domain/contracts/api-error';
import { AppError } from '../lib/app-error';

/**
 * One error handler for the whole API: every failure leaves as the JSON error shape, with the
 * request's id to quote, and a 5xx never carries its details (they go to the log, under that id).
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  // A plain hook, not an async one: it runs on every request, search's hot path included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    return reply.code(status).send({ ...body, request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing asset is missing: the web app's page in its place would be run as a script.
    const answersItself =
      path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/');
    if (answersItself || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({
        error: 'not_found',
        message: `No route ${request.method} ${path}`,
        request_id: request.id,
      } satisfies ApiError);
    }
    // The web app routes by hash: a path typed without one (/search) goes to its screen, and an
    // unknown one to the app's own "page not found" screen.
    return reply.redirect(`/#${request.url}`);
  });
});

/** Fastify's own refusals that have a code of their own; any other 4xx is `validation_failed`. */
const fastifyRefusals: Partial<Record<number, ErrorCode>> = {
  404: 'not_found',
  413: 'too_large',
  415: 'file_not_accepted',
};

function toApiError(error: FastifyError): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        error: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
        ...(error.items && { items: error.items }),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, ValidationMessageKey> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      // Domain schemas speak in message keys; a library's own sentence becomes a generic one.
      fields[field] ??= isValidationMessageKey(issue.message) ? issue.message : 'code_invalid';
    }
    return {
      status: 400,
      body: { error: 'validation_failed', message: 'The request is not valid', fields },
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, body: { error: 'rate_limited', message: error.message } };
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx (bad JSON, wrong content type, body too large): the caller's fault, safe to say.
    const code: ErrorCode = fastifyRefusals[status] ?? 'validation_failed';
    return { status, body: { error: code, message: error.message } };
  }
  return {
    status: 500,
    body: { error: 'internal_error', message: 'Something went wrong on our side' },
  };
}
