import type { Endpoint, OfficeEndpoint } from '@portal/domain/contracts/endpoint';
import { apiErrorAnswer } from '@portal/domain/contracts/api-error';
import { errorStatus } from '@portal/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { AppError } from './app-error';

/** The route's own checks of its path and query, and none of its body: its service checks that. */
function bodyLeftToService<Schema>(route: FastifyRouteSchemaDef<Schema>) {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  return validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
}

/** How an upload's bytes travel (`Endpoint.upload`): as they are, whatever the file's kind. */
const uploadContentType = 'application/octet-stream';

/** Lets `app` take uploads: their body is kept as bytes, within the route's `bodyLimit`. */
export function acceptUploads(app: FastifyInstance): void {
  app.addContentTypeParser(uploadContentType, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

/** An upload's bytes; anything else sent (JSON, a form) is not the file it wants. */
export function uploadedBytes(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
    throw new AppError('file_not_accepted', `Send the file's bytes as ${uploadContentType}`);
  }
  return request.body;
}

/** A file answer's bytes, as the API description names them. */
const fileBytes = z.string().meta({ format: 'binary' });

/** A file answer's success: its bytes under each media type the contract names. */
function fileResponse(types: readonly string[]) {
  return { content: Object.fromEntries(types.map((type) => [type, { schema: fileBytes }])) };
}

type SuccessOf<E extends Endpoint> = E extends { success: infer S extends number } ? S : 200;

type RouteSchemaOf<E extends Endpoint> = {
  summary: string;
  tags: string[];
  response: { [status: number]: z.ZodType } & { [S in SuccessOf<E>]: E['answer'] };
} & (E extends { params: infer P extends z.ZodType } ? { params: P } : unknown) &
  (E extends { query: infer Q extends z.ZodType } ? { querystring: Q } : unknown) &
  (E extends { body: infer B extends z.ZodType } ? { body: B } : unknown);

/**
 * The route options of a contract's endpoint: method, path, and the schema that validates the
 * request, holds the answer to the contract and describes both in the OpenAPI document. Each error
 * the endpoint names is declared with its one status. A route adds its handler:
 * `api.route({ ...routeOf(searchApi.find, ['search']), handler })`. The API description then adds
 * what the contract and the server's hooks imply (plugins/open-api.ts): its operationId, its tag
 * (the contract's feature, whatever `tags` says), its credentials and the hooks' errors.
 *
 * `serviceChecksBody` leaves the body unchecked by the route, for a service that checks it against
 * the contract part by part so that each problem gets its own code; the contract still describes it.
 */
export function routeOf<E extends Endpoint>(
  endpoint: E,
  tags: string[],
  { serviceChecksBody = false } = {},
) {
  const errorResponses = Object.fromEntries(
    ['validation_failed' as const, 'internal_error' as const, ...endpoint.errors].map((code) => [
      errorStatus[code],
      apiErrorAnswer,
    ]),
  );
  const schema = {
    summary: endpoint.summary,
    tags,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.upload && { consumes: [uploadContentType] }),
    response: {
      ...errorResponses,
      [endpoint.success ?? 200]: endpoint.file
        ? fileResponse(endpoint.file.types)
        : endpoint.answer,
    },
  };
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as RouteSchemaOf<E>,
    ...((endpoint.upload || endpoint.bodyLimit) && {
      bodyLimit: endpoint.upload?.maxBytes ?? endpoint.bodyLimit,
    }),
    ...(serviceChecksBody && { validatorCompiler: bodyLeftToService }),
  };
}

/** A back-office endpoint's route options: `routeOf`'s, with who may call it for the access check. */
export function officeRouteOf<E extends OfficeEndpoint>(endpoint: E, tags: string[]) {
  return { ...routeOf(endpoint, tags), config: { access: endpoint.access } };
}
