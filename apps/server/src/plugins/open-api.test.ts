import { Validator } from '@seriousme/openapi-schema-validator';
import { errorStatus } from '@portal/domain/errors';
import { beforeAll, expect, test } from 'vitest';
import { contractCatalogue, routeKey, type CataloguedEndpoint } from '../lib/contract-catalogue';
import { pageCsrf, useTestApp } from '../test/test-app';
import { describeEachDatabase } from '../test/test-databases';
import { apiErrorSchemaName, operationRules } from './open-api';

interface Media {
  schema?: Record<string, unknown>;
}
interface Response {
  description: string;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** Every operation of the document, with its method and path as the server registers them. */
function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replaceAll(/\{(\w+)\}/g, ':$1'),
      operation,
    })),
  );
}

/** The error codes a response lists (`allOf: [ApiError, { error: { enum } }]`). */
function listedCodes(response: Response | undefined): string[] {
  const schema = response?.content?.['application/json']?.schema as
    { allOf?: { properties?: { error?: { enum?: string[] } } }[] } | undefined;
  return schema?.allOf?.[1]?.properties?.error?.enum ?? [];
}

describeEachDatabase('the API description', (db) => {
  const app = useTestApp(db);
  let document: Document;
  let catalogue: Map<string, CataloguedEndpoint>;
  beforeAll(async () => {
    document = (await app().inject('/api/docs/json')).json<Document>();
    catalogue = await contractCatalogue();
  });

  test('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('describes every endpoint of the contracts, and nothing else', () => {
    const described = operationsOf(document).map(({ method, url }) => routeKey(method, url));
    expect(described.sort()).toEqual([...catalogue.keys()].sort());
  });

  test('names each operation once, from its contract, with its feature as its tag', () => {
    const ids = new Set<string>();
    for (const { method, url, operation } of operationsOf(document)) {
      const entry = catalogue.get(routeKey(method, url));
      expect(operation.operationId, `${method} ${url}`).toBe(entry?.operationId);
      expect(operation.tags, `${method} ${url}`).toEqual([entry?.feature]);
      expect(ids.has(operation.operationId ?? ''), `${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId ?? '');
    }
  });

  test('says what credentials each operation takes, public ones none', () => {
    for (const { method, url, operation } of operationsOf(document)) {
      const entry = catalogue.get(routeKey(method, url));
      if (!entry) continue;
      expect(operation.security, `${method} ${url}`).toEqual(
        operationRules(method, url, entry.endpoint).security,
      );
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(document.components.securitySchemes, scheme).toHaveProperty(scheme);
        }
      }
    }
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(security('post', '/api/council/v1/bills')).toEqual([{ councilApiKey: [] }]);
    expect(security('get', '/api/councils')).toEqual([]);
    expect(security('get', '/api/office/staff')).toEqual([{ officeSession: [] }]);
    expect(security('put', '/api/profile')).toEqual([
      { citizenSession: [], csrfToken: [], csrfCookie: [] },
    ]);
  });

  test('lists every error an operation can answer, each under its status', () => {
    for (const { method, url, operation } of operationsOf(document)) {
      const entry = catalogue.get(routeKey(method, url));
      if (!entry) continue;
      const expected = new Map<string, string[]>();
      for (const code of operationRules(method, url, entry.endpoint).errors) {
        const status = String(errorStatus[code]);
        expected.set(status, [...(expected.get(status) ?? []), code]);
      }
      const listed = Object.fromEntries(
        Object.keys(operation.responses)
          .filter((status) => Number(status) >= 400)
          .map((status) => [status, listedCodes(operation.responses[status]).sort()]),
      );
      expect(listed, `${method} ${url}`).toEqual(Object.fromEntries(expected));
    }
  });

  test('lists csrf_invalid exactly where the server checks the CSRF token', async () => {
    for (const { method, path, operation } of operationsOf(document)) {
      if (method === 'GET') continue;
      const answer = await app().inject({
        method: method as 'POST',
        url: path.replaceAll(/\{\w+\}/g, '1'),
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      const listed = listedCodes(operation.responses['403']).includes('csrf_invalid');
      const refused = answer.json<{ error: string }>().error === 'csrf_invalid';
      expect(refused, `${method} ${path}: ${answer.body}`).toBe(listed);
    }
  });

  test("lists Fastify's own refusals of a body: too large, and of a type it does not read", async () => {
    const responses = document.paths['/api/search']?.post?.responses ?? {};
    expect(listedCodes(responses['413'])).toEqual(['too_large']);
    expect(listedCodes(responses['415'])).toEqual(['file_not_accepted']);
    const send = (type: string, payload: string) =>
      app().inject({
        method: 'POST',
        url: '/api/search',
        headers: { ...pageCsrf.headers, 'content-type': type },
        cookies: pageCsrf.cookies,
        payload,
      });
    const large = await send('application/json', JSON.stringify({ query: 'x'.repeat(70_000) }));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ error: 'too_large' });
    const xml = await send('text/xml', '<search/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: 'file_not_accepted' });
  });

  test('gives a 204 or 304 no content, a file its media types, and JSON answers JSON', () => {
    for (const { method, url, operation } of operationsOf(document)) {
      const endpoint = catalogue.get(routeKey(method, url))?.endpoint;
      if (!endpoint) continue;
      const success = String(endpoint.success ?? 200);
      const types = Object.keys(operation.responses[success]?.content ?? {});
      // A 304 only where the contract says the route answers one, and without a body.
      expect('304' in operation.responses, `${method} ${url}`).toBe(endpoint.etag === true);
      expect(operation.responses['304']?.content).toBeUndefined();
      if (success === '204') expect(types, `${method} ${url}`).toEqual([]);
      else if (endpoint.file) {
        expect(types, `${method} ${url}`).toEqual(endpoint.file.types);
        for (const type of types) {
          expect(operation.responses[success]?.content?.[type]?.schema).toEqual({
            type: 'string',
            format: 'binary',
          });
        }
      } else expect(types, `${method} ${url}`).toEqual(['application/json']);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(response.content ?? {}), `${method} ${url} ${status}`).toEqual([
          'application/json',
        ]);
      }
    }
  });

  test('shares the schemas more than one operation uses, by name', () => {
    for (const name of [
      apiErrorSchemaName,
      'Bill',
      'BillRecord',
      'Council',
      'FeedEntry',
      'OfficePayment',
      'Receipt',
      'Refund',
    ]) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
    // An object of some size written out in two operations is one that wants a name (`named`).
    const users = new Map<string, Set<string>>();
    const visit = (value: unknown, operation: string): void => {
      if (Array.isArray(value)) value.forEach((item) => visit(item, operation));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const schema = value as { type?: string; properties?: object };
      const text = JSON.stringify(value);
      if (schema.type === 'object' && schema.properties && text.length > 300) {
        users.set(text, (users.get(text) ?? new Set()).add(operation));
      }
      Object.values(value).forEach((child) => visit(child, operation));
    };
    for (const { method, path, operation } of operationsOf(document)) {
      visit(operation, `${method} ${path}`);
    }
    const repeated = [...users].filter(([, operations]) => operations.size > 1);
    expect(
      repeated.map(([text, operations]) => `${[...operations]}: ${text.slice(0, 80)}`),
    ).toEqual([]);
  });

  test('marks required what the server requires, and nullable enums take null', () => {
    const body = (path: string) =>
      document.paths[path]?.post?.requestBody?.content['application/json']?.schema;
    expect(body('/api/search')).toMatchObject({
      required: ['council', 'payment_type', 'query'],
    });
    expect(body('/api/receipts/find')).toEqual({ $ref: '#/components/schemas/ReceiptLookup' });
    expect(document.components.schemas.ReceiptLookup).toMatchObject({ required: ['reference'] });
    const enums: unknown[] = [];
    const visit = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      const schema = value as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable && schema.enum) enums.push(schema.enum);
      Object.values(value).forEach(visit);
    };
    visit(document);
    expect(enums.length).toBeGreaterThan(0);
    for (const values of enums) expect(values).toContain(null);
  });
});
