import fc from 'fast-check';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import type { OfficeEndpoint } from '@portal/domain/contracts/endpoint';
import { staffApi } from '@portal/domain/contracts/staff';
import type { Database } from './db/database';
import * as schema from './db/schema';
import { staffLoggedIn } from './test/office-staff';
import { pageCsrf, useTestApp } from './test/test-app';
import { describeEachDatabase } from './test/test-databases';

/** Every table the portal keeps, to see that a refused request changed none of them. */
const tables = Object.values(schema)
  .filter((entry) => is(entry, PgTable))
  .map((table) => getTableName(table));

/** A checksum of every row of every table, computed by the database itself. */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tables) {
    const result = await db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as sum from "${table}" t`,
      ),
    );
    sums[table] = String((result as unknown as { rows: { sum: string }[] }).rows[0]!.sum);
  }
  return sums;
}

/** What no caller should be able to send without a clean refusal. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', 'A10\u0000', 'line\nbreak', '\u001b[31mred', 'bell\u0007', '\u007f'),
  fc.constant('x'.repeat(70_000)),
  fc.constant('y'.repeat(40_000)),
  fc.constantFrom(1e308, -1, 0.5, -0, 2 ** 53 + 2, -(2 ** 63), 'NaN', 'Infinity', '1e309'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": 1}}')),
);

/** An object nested deeper than any form: a parser or a recursive check must not fall over. */
const deep = fc.integer({ min: 20, max: 200 }).map((levels) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
});

/**
 * The fields each endpoint's body is read for: those its OpenAPI schema names, and those the
 * services read out of bodies the schema leaves open (checkout, receipts, the payer's actions).
 */
const fieldsReadInside: Record<string, string[]> = {
  '/api/checkout': ['items', 'payer', 'lang', 'council', 'payment_type', 'account_no', 'amount'],
  '/api/receipts/find': ['reference', 'receipt_token', 'email'],
  '/api/receipts/pdf': ['reference', 'receipt_token', 'email'],
  '/api/payments/return': ['RefNo', 'Amount', 'Status', 'MerchantCode', 'Signature'],
  '/api/payments/callback': ['RefNo', 'Amount', 'Status', 'MerchantCode', 'Signature'],
};

function bodyFor(fields: string[]): fc.Arbitrary<unknown> {
  const named =
    fields.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(fields.map((field) => [field, nastyValue])), {
          requiredKeys: [],
        });
  return fc.oneof(
    named,
    nastyValue,
    deep,
    named.map((record) => [record]),
    named.map((record) => ({ ...(record as object), items: [record], payer: record })),
  );
}

/** A form field carries text: objects (even those without a prototype) go as their JSON. */
function asFormValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * The back office (a staff session) and the council API (a key): without them, every call is
 * refused by the access check, which runs before the body is read.
 */
function needsCredentials(path: string): boolean {
  return (
    (path.startsWith('/api/office/') && !openOfficePaths.has(path)) ||
    path.startsWith('/api/council/')
  );
}

/** The back office's doors: its session, login, logout and enrolment. */
const openOfficePaths = new Set(
  Object.values(staffApi)
    .filter((endpoint: OfficeEndpoint) => endpoint.access === 'anyone')
    .map((endpoint) => `/api${endpoint.path}`),
);

interface Operation {
  method: string;
  path: string;
  fields: string[];
  form: boolean;
}

describeEachDatabase('a malformed request to any endpoint', (db) => {
  const app = useTestApp(db);

  /** Every operation of the OpenAPI description, and the gateway's two hidden ones. */
  async function operations(): Promise<Operation[]> {
    await app().ready();
    type Schema = { properties?: object; $ref?: string };
    const spec = app().swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    /** A body's schema, the shared one it names by reference if so. */
    const resolved = (schema: Schema | undefined) =>
      schema?.$ref
        ? spec.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]
        : schema;
    const listed = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          fields: [
            ...Object.keys(
              resolved(operation.requestBody?.content?.['application/json']?.schema)?.properties ??
                {},
            ),
            ...(fieldsReadInside[path] ?? []),
          ],
          form: false,
        })),
      );
    const gateway = ['/api/payments/return', '/api/payments/callback'].map((path) => ({
      method: 'POST',
      path,
      fields: fieldsReadInside[path]!,
      form: true,
    }));
    return [...listed, ...gateway];
  }

  test('answers a clean refusal, never a 5xx, and changes nothing in the database', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(15);
    const before = await snapshot(db());
    /** Answers to endpoints anyone may call, by status. */
    const answers = new Map<number, number>();

    const request = fc.oneof(
      ...all.map((operation) =>
        fc.record({
          operation: fc.constant(operation),
          body: bodyFor(operation.fields),
          query: fc.dictionary(
            fc.constantFrom(...operation.fields, 'page', 'reference'),
            fc.string(),
          ),
          raw: fc.constantFrom(undefined, '{"unclosed": ', 'not json at all', '\u0000'),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, body, query, raw }) => {
        const url = `${operation.path.replace(/{(\w+)}/g, 'x')}?${new URLSearchParams(query).toString()}`;
        const payload =
          raw ??
          (operation.form
            ? new URLSearchParams(
                Object.entries(body && typeof body === 'object' ? body : { body }).map(
                  ([key, value]): [string, string] => [key, asFormValue(value)],
                ),
              ).toString()
            : JSON.stringify(body));
        const response = await app().inject({
          method: operation.method as 'GET' | 'POST' | 'PUT',
          url,
          ...(operation.method !== 'GET' && {
            payload,
            headers: {
              ...pageCsrf.headers,
              'content-type': operation.form
                ? 'application/x-www-form-urlencoded'
                : 'application/json',
            },
            cookies: pageCsrf.cookies,
          }),
        });
        const said = `${operation.method} ${operation.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
        expect(response.statusCode, said).toBeLessThan(500);
        if (needsCredentials(operation.path)) {
          // Refused before its body is even read: nobody is logged in, and no key was sent.
          expect(response.statusCode, said).toBe(401);
          return;
        }
        answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
        // A refusal is the JSON error shape, but for the gateway's own plain-text answer.
        if (response.statusCode >= 400 && operation.path !== '/api/payments/callback') {
          expect(response.json(), said).toMatchObject({
            error: expect.any(String),
            message: expect.any(String),
          });
        }
      }),
      { numRuns: 250 },
    );

    // Most requests must reach the endpoints' own validation, not stop at the CSRF check.
    const publicRequests = [...answers.values()].reduce((sum, n) => sum + n, 0);
    expect(answers.get(400) ?? 0, JSON.stringify(Object.fromEntries(answers))).toBeGreaterThan(
      publicRequests * 0.4,
    );
    expect(await snapshot(db())).toEqual(before);
  }, 120_000);

  test('text that is not well-formed, in any field of any endpoint, is refused and changes nothing: with a staff session and a council key too', async () => {
    const all = await operations();
    const admin = await staffLoggedIn(app, '_admin', new Date());
    const key = (await admin.post('/api/office/api-keys', { council: 'mps', name: 'Fuzz' })).json<{
      key: string;
    }>().key;
    // What an access check keeps (a session's last use, a key's) is counted, not compared row by
    // row; rate-limit counters count every call, taken or refused.
    const kept = (sums: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(sums)
          .filter(([table]) => table !== 'rate_limits')
          .map(([table, sum]) => [table, bookkeeping.has(table) ? sum.split(':')[0] : sum]),
      );
    const before = kept(await snapshot(db()));

    const broken = fc.constantFrom('\ud800', 'KP\udc00', '\udbff\u0041', 'ok\ud83d');
    // A read changes nothing but the audit of reading it; every call that could change is sent.
    const changing = all.filter((operation) => operation.method !== 'GET');
    const request = fc.oneof(
      ...changing.map((operation) =>
        fc.record({
          operation: fc.constant(operation),
          field: fc.constantFrom(...operation.fields, 'page', 'reference'),
          text: broken,
          bytes: fc.constantFrom(undefined, [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xff, 0xfe]),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, field, text, bytes }) => {
        const url = operation.path.replace(/{(\w+)}/g, 'x');
        const body = { [field]: text, council: 'mps', records: [{ [field]: text }] };
        const payload =
          bytes && !operation.form
            ? Buffer.concat([Buffer.from(`{"${field}":"`), Buffer.from(bytes), Buffer.from('"}')])
            : operation.form
              ? new URLSearchParams({ [field]: text, RefNo: text }).toString()
              : JSON.stringify(body);
        const response = await app().inject({
          method: operation.method as 'POST' | 'PUT',
          url,
          cookies: admin.cookies,
          headers: {
            'x-csrf-token': admin.cookies.csrf ?? '',
            authorization: `Bearer ${key}`,
            'content-type': operation.form
              ? 'application/x-www-form-urlencoded'
              : 'application/json',
          },
          payload,
        });
        const said = `${operation.method} ${operation.path} ${JSON.stringify(text)} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
        expect(response.statusCode, said).toBeLessThan(500);
        // Refused at the edge, or by the access check before it; never taken. The gateway's
        // form is the gateway's: its callback answers in plain text.
        if (!operation.form) expect([400, 401, 403], said).toContain(response.statusCode);
      }),
      { numRuns: 300 },
    );
    expect(kept(await snapshot(db()))).toEqual(before);
  }, 180_000);
});

/** What an access check keeps, which a refused request may touch: a session's or key's last use. */
const bookkeeping = new Set(['sessions', 'staff_sessions', 'council_api_keys']);
