import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Endpoint, OfficeEndpoint } from '@portal/domain/contracts/endpoint';
import { requiredByServiceKey } from '@portal/domain/contracts/params';
import { errorStatus, type ErrorCode } from '@portal/domain/errors';
import { accessChecked, type StaffAccess } from '@portal/domain/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { contractCatalogue, routeKey, type CataloguedEndpoint } from '../lib/contract-catalogue';
import {
  checksCsrf,
  councilApiPrefix,
  csrfHeader,
  sessionCookieNames,
} from '../sessions/session-plugin';

/** The API description's name of the error answer's schema (`apiErrorAnswer`). */
export const apiErrorSchemaName = 'ApiError';

/** Methods whose calls may carry a body, and so be refused as too large or of the wrong type. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A security requirement: the schemes a call must present together. */
type SecurityRequirement = Record<string, string[]>;

/** What the server does around an endpoint's handler, and so what its description must say. */
export interface OperationRules {
  /** Every error code the call can answer with, the handler's and the hooks' alike. */
  errors: ErrorCode[];
  /** The alternative sets of credentials it takes; `[]` for a public call. */
  security: SecurityRequirement[];
}

/**
 * The rules of one operation, from its contract and from the same checks the server's hooks make:
 * the CSRF check (`checksCsrf`), the back office's access check (`accessChecked`), the council API's
 * key, and Fastify's own refusals of a body (too large, of a type it does not read).
 */
export function operationRules(
  method: string,
  url: string,
  endpoint: Endpoint | OfficeEndpoint,
): OperationRules {
  const errors = new Set<ErrorCode>(['validation_failed', 'internal_error', ...endpoint.errors]);
  const csrf = checksCsrf(method, url);
  if (csrf) errors.add('csrf_invalid');
  if (bodyMethods.has(method.toUpperCase())) {
    errors.add('too_large');
    errors.add('file_not_accepted');
  }
  const councilApi = url.startsWith(councilApiPrefix);
  if (councilApi) errors.add('auth_error');
  const access: StaffAccess | undefined = 'access' in endpoint ? endpoint.access : undefined;
  const staff = access !== undefined && accessChecked(access);
  if (staff) {
    errors.add('login_required');
    errors.add('forbidden');
  }
  // A citizen's call that answers login_required is one that needs the session.
  const citizen = access === undefined && !councilApi && endpoint.errors.includes('login_required');
  const token: SecurityRequirement = csrf ? { csrfToken: [], csrfCookie: [] } : {};
  const credentials: SecurityRequirement | undefined = councilApi
    ? { councilApiKey: [] }
    : staff
      ? { officeSession: [], ...token }
      : citizen
        ? { citizenSession: [], ...token }
        : csrf
          ? token
          : undefined;
  return { errors: [...errors].sort(), security: credentials ? [credentials] : [] };
}

type JsonSchema = Record<string, unknown>;

/**
 * Makes a generated schema say what the server does: a `requiredByService` field is required, and
 * a nullable enum lists `null` among its values (a validator reads `enum` before `nullable`).
 */
function settleSchema(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(settleSchema);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const schema = value as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) {
      if (property[requiredByServiceKey] !== true) continue;
      Reflect.deleteProperty(property, requiredByServiceKey);
      const required = new Set((schema.required as string[] | undefined) ?? []);
      required.add(name);
      schema.required = [...required];
    }
  }
  for (const child of Object.values(schema)) settleSchema(child);
}

/** The error answer of one status, with the codes it may carry there. */
function errorResponse(codes: ErrorCode[]) {
  return {
    description: `Error ${codes.join(', ')}`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: `#/components/schemas/${apiErrorSchemaName}` },
            { type: 'object', properties: { error: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

const componentPrefix = '#/components/schemas/';

/** The names of the components `value` refers to. */
function referencedNames(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => referencedNames(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(componentPrefix)) {
        found.add(child.slice(componentPrefix.length));
      } else referencedNames(child, found);
    }
  }
  return found;
}

/**
 * Keeps the components some operation uses, and gives a schema used only as input its own name:
 * the zod provider names each registered schema twice (`Bill`, `BillInput`), once per direction.
 */
function tidyComponents(document: JsonSchema & { paths?: unknown; components?: JsonSchema }) {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const used = referencedNames(document.paths);
  for (const pending = [...used]; pending.length > 0;) {
    for (const name of referencedNames(schemas[pending.pop() ?? ''])) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  const renames = new Map<string, string>();
  for (const name of used) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !used.has(plain)) renames.set(name, plain);
  }
  const kept = Object.fromEntries(
    [...used].sort().map((name) => [renames.get(name) ?? name, schemas[name]]),
  );
  const text = JSON.stringify({
    ...document,
    components: { ...document.components, schemas: kept },
  });
  return JSON.parse(text, (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && renames.has(value.slice(componentPrefix.length))
      ? `${componentPrefix}${renames.get(value.slice(componentPrefix.length))}`
      : value,
  ) as typeof document;
}

type RouteTransform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * Describes one route: the zod schemas as JSON schemas (shared ones by reference), and from the
 * route's contract its operationId, tag, credentials, success and every error it can answer.
 */
function describeRoute(catalogue: Map<string, CataloguedEndpoint>): RouteTransform {
  const zodToJson = createJsonSchemaTransform({});
  return (document) => {
    const result = zodToJson(document);
    const schema = result.schema as (JsonSchema & { response?: JsonSchema }) | undefined;
    if (!schema || schema.hide) return result;
    const method = [document.route.method].flat()[0] ?? 'GET';
    const entry = catalogue.get(routeKey(method, document.url));
    // A route outside the contracts keeps what it says; the API description's test refuses it.
    if (!entry) return result;
    const { endpoint } = entry;
    const rules = operationRules(method, document.url, endpoint);
    for (const part of ['body', 'querystring', 'params']) settleSchema(schema[part]);
    const response: JsonSchema = { ...schema.response };
    const success = endpoint.success ?? 200;
    const answer = response[success] as JsonSchema;
    response[success] =
      success === 204
        ? { type: 'null', description: 'No content' }
        : {
            description: endpoint.file ? `The file (${endpoint.file.types.join(' or ')})` : 'Done',
            content: endpoint.file ? answer.content : { 'application/json': { schema: answer } },
            ...(endpoint.etag && {
              headers: { etag: { type: 'string', description: 'To send as If-None-Match' } },
            }),
          };
    if (endpoint.etag) {
      response[304] = { type: 'null', description: 'Not modified: If-None-Match named the ETag' };
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of rules.errors) {
      byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
    }
    for (const [status, codes] of byStatus) response[status] = errorResponse(codes);
    return {
      url: result.url,
      schema: {
        ...schema,
        operationId: entry.operationId,
        tags: [entry.feature],
        security: rules.security,
        response,
      },
    };
  };
}

/** The API description's credentials, with the cookie names this server uses. */
function securitySchemes(secureCookies: boolean, officeCookie: (secure: boolean) => string) {
  const cookies = sessionCookieNames(secureCookies);
  const production = sessionCookieNames(true);
  const where = (name: string, productionName: string) =>
    name === productionName
      ? `(\`${name}\`, as in production)`
      : `(\`${name}\` here; \`${productionName}\` in production, over HTTPS)`;
  return {
    councilApiKey: {
      type: 'http' as const,
      scheme: 'bearer',
      description:
        "A council system's API key, made in the back office: `Authorization: Bearer <key>`",
    },
    citizenSession: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: cookies.session,
      description: `A logged-in citizen's session cookie ${where(cookies.session, production.session)}`,
    },
    officeSession: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: officeCookie(secureCookies),
      description: `A staff member's back-office session cookie ${where(officeCookie(secureCookies), officeCookie(true))}`,
    },
    csrfToken: {
      type: 'apiKey' as const,
      in: 'header' as const,
      name: csrfHeader,
      description:
        'The CSRF token from GET /api/auth/session or /api/office/session, echoing its cookie',
    },
    csrfCookie: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: cookies.csrf,
      description: `The CSRF token's cookie ${where(cookies.csrf, production.csrf)}`,
    },
  };
}

export interface OpenApiOptions {
  serve: boolean;
  /** Production's: the session cookies are `__Host-` ones. */
  secureCookies: boolean;
  /** The back office's session cookie, in production or not. */
  officeCookie: (secure: boolean) => string;
}

/**
 * The API's OpenAPI description, built from the contracts and each route's zod schemas (docs/
 * decisions/0026); served with its browser at /api/docs only when `serve` is on (not in production
 * unless API_DOCS says so: it maps the API for anyone who asks).
 */
export const openApi = fp(async (app: FastifyInstance, options: OpenApiOptions) => {
  const catalogue = await contractCatalogue();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sabah council payment portal API',
        description:
          'Bills, payments and accounts of the 23 local councils of Sabah. Amounts are in sen.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: securitySchemes(options.secureCookies, options.officeCookie),
      },
    },
    transform: describeRoute(catalogue),
    transformObject: (document) => {
      const described = jsonSchemaTransformObject(document);
      type Described = typeof described;
      const loose = described as unknown as Parameters<typeof tidyComponents>[0];
      settleSchema(loose.components?.schemas);
      return tidyComponents(loose) as unknown as Described;
    },
  });
  if (options.serve) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }
});
