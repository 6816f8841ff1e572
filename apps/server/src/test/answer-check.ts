import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the answer checks found wrong since the last test ended: an answer the API description
 * does not describe (its status, media type or body). `test-app.ts` fails the test that made it.
 */
export const answerMismatches: string[] = [];

type Schema = Record<string, unknown>;
interface Response {
  content?: Record<string, { schema?: Schema }>;
}
interface Document {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses: Record<string, Response> }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

const componentPrefix = '#/components/schemas/';
const documentId = 'api-description';

/**
 * An OpenAPI 3.0 schema as JSON Schema: `nullable` becomes a `null` alternative, and references
 * point into the description, which the validator holds under `documentId`.
 */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  const converted: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'nullable') continue;
    converted[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith(componentPrefix)
        ? `${documentId}${child}`
        : key === 'enum'
          ? child
          : asJsonSchema(child);
  }
  if ((value as Schema).nullable === true) return { anyOf: [converted, { type: 'null' }] };
  return converted;
}

/** The operations of a served API description, ready to check answers against. */
function answerRules(document: Document) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(
    { components: { schemas: asJsonSchema(document.components?.schemas ?? {}) } },
    documentId,
  );
  const compiled = new Map<string, ValidateFunction>();
  return (method: string, url: string, status: number) => {
    const path = url.replaceAll(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[method.toLowerCase()];
    // A route a test adds for itself is no contract's: it says nothing to check against.
    if (!operation?.operationId) return undefined;
    const response = operation.responses[String(status)];
    const validator = (type: string) => {
      const key = `${method} ${path} ${status} ${type}`;
      let validate = compiled.get(key);
      const schema = response?.content?.[type]?.schema;
      if (!validate && schema) {
        validate = ajv.compile(asJsonSchema(schema) as Schema);
        compiled.set(key, validate);
      }
      return validate;
    };
    return { response, validator };
  };
}

function bodyText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: its bytes are not read here
}

/**
 * An `onSend` hook for tests: every answer of a described operation must be one the API
 * description lists, of its media type, with a body its schema takes.
 */
export function answerCheck(app: FastifyInstance) {
  let rules: ReturnType<typeof answerRules> | undefined;
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD') return payload;
    rules ??= answerRules(app.swagger() as unknown as Document);
    const found = rules(request.method, url, reply.statusCode);
    if (!found) return payload;
    const where = `${request.method} ${url} answered ${reply.statusCode}`;
    const text = bodyText(payload);
    const { response, validator } = found;
    if (!response) {
      answerMismatches.push(`${where}, which the API description does not list: ${text}`);
      return payload;
    }
    if (!response.content) {
      // Fastify sends a 204 without the body a handler gave it.
      if (text && reply.statusCode !== 204)
        answerMismatches.push(`${where} with a body, where it says none: ${text}`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      ?.trim();
    if (!type || !response.content[type]) {
      answerMismatches.push(
        `${where} as ${type || 'no media type'}, not ${Object.keys(response.content).join(' or ')}`,
      );
      return payload;
    }
    if (type !== 'application/json' || text === undefined) return payload;
    const validate = validator(type);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      answerMismatches.push(`${where} with JSON that does not parse: ${text.slice(0, 200)}`);
      return payload;
    }
    if (validate && !validate(body)) {
      const problems = (validate.errors ?? [])
        .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
        .slice(0, 5);
      answerMismatches.push(`${where} with a body the description refuses: ${problems.join('; ')}`);
    }
    return payload;
  };
}
