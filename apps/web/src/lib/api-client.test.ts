import type { TFunction } from 'i18next';
import { describe, expect, test, vi } from 'vitest';
import { officeImagesApi } from '@portal/domain/contracts/images';
import { settingsApi } from '@portal/domain/contracts/settings';
import { settingsFixture } from '../test/portal-fixtures';
import { jsonResponse } from '../test/render-app';
import {
  apiDownload,
  ApiError,
  apiRequest,
  callEndpoint,
  errorText,
  forgetCsrfToken,
  loadSession,
  rememberCsrfToken,
} from './api-client';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client', () => {
  test('answers the JSON of a successful call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([{ code: 'mps' }])),
    );
    await expect(apiRequest('/api/councils')).resolves.toEqual([{ code: 'mps' }]);
  });

  test('an endpoint of a contract answers what it declares, and a server that disagrees is caught', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(settingsFixture));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callEndpoint(settingsApi.get)).resolves.toEqual(settingsFixture);
    expect(fetchMock).toHaveBeenCalledWith('/api/settings', expect.anything());

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...settingsFixture, cart_limit: '10' })),
    );
    await expect(callEndpoint(settingsApi.get)).rejects.toThrow();
  });

  test('an upload sends the file’s bytes as they are, with the CSRF token', async () => {
    rememberCsrfToken('tok-upload');
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () =>
      jsonResponse({ image: 'a'.repeat(64), width: 4, height: 4 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(callEndpoint(officeImagesApi.store, { file })).resolves.toMatchObject({
      width: 4,
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/office/images');
    expect(init!.body).toBe(file);
    const headers = new Headers(init!.headers);
    expect(headers.get('content-type')).toBe('application/octet-stream');
    expect(headers.get('x-csrf-token')).toBe('tok-upload');
  });

  test('tells the server the page’s language, so that the e-mail a call causes is in it', async () => {
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () =>
      jsonResponse({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    document.documentElement.lang = 'zh';
    try {
      await apiRequest('/api/profile');
    } finally {
      document.documentElement.lang = '';
    }
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('accept-language')).toBe('zh');
  });

  test('turns an error answer into an ApiError carrying the server’s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'cart_full', message: 'too many items' }, 409)),
    );
    const error = await failureOf(apiRequest('/api/cart'));
    expect(error.code).toBe('cart_full');
    expect(error.status).toBe(409);
  });

  test('names an error answer without a code of ours by its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect((await failureOf(apiRequest('/api/councils'))).code).toBe('service_unavailable');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'no_such_code' }, 404)),
    );
    expect((await failureOf(apiRequest('/api/councils'))).code).toBe('not_found');
  });

  test('a failure on the server’s side is told with the request id to quote, a refusal without', async () => {
    const t = ((key: string, values?: { id: string }) =>
      values ? `${key}:${values.id}` : key) as unknown as TFunction;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ error: 'internal_error', message: 'oops', request_id: 'req-42' }, 500),
      ),
    );
    const failed = await failureOf(apiRequest('/api/councils'));
    expect(failed.requestId).toBe('req-42');
    expect(errorText(t, failed)).toBe('errors.internal_error errors.reference:req-42');
    // A proxy's own error page has no body of ours; the header still names the request.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503, headers: { 'x-request-id': 'lb-7' } })),
    );
    expect(errorText(t, await failureOf(apiRequest('/api/councils')))).toBe(
      'errors.service_unavailable errors.reference:lb-7',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'cart_full', message: 'x', request_id: 'r' }, 409)),
    );
    expect(errorText(t, await failureOf(apiRequest('/api/cart')))).toBe('errors.cart_full');
  });

  test('calls a network failure service_unavailable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(apiRequest('/api/councils'));
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(0);
  });

  test('carries the cart items an error names, dropping any that are not items', async () => {
    rememberCsrfToken('tok-1');
    const items = [{ council: 'mps', payment_type: 'assessment', account_no: 'A01000137' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { error: 'cart_changed', message: 'stale', items: [...items, { id: 1 }] },
          409,
        ),
      ),
    );
    const error = await failureOf(apiRequest('/api/checkout', { method: 'POST', body: {} }));
    expect(error.code).toBe('cart_changed');
    expect(error.items).toEqual(items);
  });

  test('downloads a file as a blob, and a failed download is an ApiError', async () => {
    rememberCsrfToken('tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    const blob = await apiDownload('/api/receipts/pdf', { method: 'POST', body: {} });
    expect(await blob.text()).toBe('%PDF-1.7');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'not_found', message: 'no receipt' }, 404)),
    );
    const error = await failureOf(apiDownload('/api/receipts/pdf', { method: 'POST', body: {} }));
    expect(error.code).toBe('not_found');
  });
});

/** A fetch answering by `METHOD path`, recording the CSRF header of every call. */
function stubSessionAndCalls(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${String(input)}`];
    return answer ? answer() : jsonResponse({ error: 'not_found', message: 'no route' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const calls = () =>
    fetch.mock.calls.map(([input, init]) => ({
      call: `${init?.method ?? 'GET'} ${String(input)}`,
      token: (init?.headers as Record<string, string>)['x-csrf-token'],
    }));
  return { fetch, calls };
}

/** Answers each call with the next of the list, the last one from then on. */
function inTurn(...responses: (() => Response)[]) {
  let call = 0;
  return () => responses[Math.min(call++, responses.length - 1)]!();
}

describe('the API client’s CSRF protection', () => {
  const session = (csrfToken: string) => () => jsonResponse({ user: null, csrf_token: csrfToken });
  const refused = () => jsonResponse({ error: 'csrf_invalid', message: 'bad token' }, 403);

  test('a state-changing call carries the session’s CSRF token, asked for once and kept', async () => {
    forgetCsrfToken();
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('tok-1'),
      'POST /api/cart/check': () => jsonResponse({ ok: true }),
      'PUT /api/profile': () => jsonResponse({ ok: true }),
      'DELETE /api/thing': () => new Response(null, { status: 204 }),
      'GET /api/councils': () => jsonResponse([]),
    });
    await apiRequest('/api/cart/check', { method: 'POST', body: {} });
    await apiRequest('/api/profile', { method: 'PUT', body: {} });
    await apiRequest('/api/thing', { method: 'DELETE' });
    await apiRequest('/api/councils');
    expect(calls()).toEqual([
      { call: 'GET /api/auth/session', token: undefined },
      { call: 'POST /api/cart/check', token: 'tok-1' },
      { call: 'PUT /api/profile', token: 'tok-1' },
      { call: 'DELETE /api/thing', token: 'tok-1' },
      { call: 'GET /api/councils', token: undefined },
    ]);
  });

  test('calls made together share one session call', async () => {
    forgetCsrfToken();
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('tok-1'),
      'POST /api/a': () => jsonResponse({}),
      'POST /api/b': () => jsonResponse({}),
    });
    await Promise.all([
      apiRequest('/api/a', { method: 'POST', body: {} }),
      apiRequest('/api/b', { method: 'POST', body: {} }),
    ]);
    expect(calls().filter(({ call }) => call === 'GET /api/auth/session')).toHaveLength(1);
  });

  test('the token of a session answer (the session query, a login) is used without asking', async () => {
    forgetCsrfToken();
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('tok-from-session'),
      'POST /api/a': () => jsonResponse({}),
    });
    await expect(loadSession()).resolves.toEqual({ user: null, csrf_token: 'tok-from-session' });
    await apiRequest('/api/a', { method: 'POST', body: {} });
    rememberCsrfToken('tok-after-login');
    await apiRequest('/api/a', { method: 'POST', body: {} });
    expect(calls()).toEqual([
      { call: 'GET /api/auth/session', token: undefined },
      { call: 'POST /api/a', token: 'tok-from-session' },
      { call: 'POST /api/a', token: 'tok-after-login' },
    ]);
  });

  test('a refused token is replaced by a fresh one and the call is sent once more', async () => {
    rememberCsrfToken('stale');
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('fresh'),
      'POST /api/checkout': inTurn(refused, () => jsonResponse({ reference: 'A10-1' })),
    });
    await expect(
      apiRequest('/api/checkout', { method: 'POST', body: { items: [] } }),
    ).resolves.toEqual({ reference: 'A10-1' });
    expect(calls()).toEqual([
      { call: 'POST /api/checkout', token: 'stale' },
      { call: 'GET /api/auth/session', token: undefined },
      { call: 'POST /api/checkout', token: 'fresh' },
    ]);
  });

  test('a second refusal is not retried again: the caller gets csrf_invalid', async () => {
    rememberCsrfToken('stale');
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('fresh'),
      'POST /api/checkout': refused,
    });
    const error = await failureOf(apiRequest('/api/checkout', { method: 'POST', body: {} }));
    expect(error.code).toBe('csrf_invalid');
    expect(error.status).toBe(403);
    expect(calls().map(({ call }) => call)).toEqual([
      'POST /api/checkout',
      'GET /api/auth/session',
      'POST /api/checkout',
    ]);
  });

  test('any other 403 is not retried', async () => {
    rememberCsrfToken('tok-1');
    const { calls } = stubSessionAndCalls({
      'POST /api/admin': () => jsonResponse({ error: 'forbidden', message: 'no' }, 403),
    });
    expect((await failureOf(apiRequest('/api/admin', { method: 'POST', body: {} }))).code).toBe(
      'forbidden',
    );
    expect(calls()).toHaveLength(1);
  });

  test('a PDF download is protected the same way', async () => {
    rememberCsrfToken('stale');
    const { calls } = stubSessionAndCalls({
      'GET /api/auth/session': session('fresh'),
      'POST /api/receipts/pdf': inTurn(refused, () => new Response('%PDF-1.7')),
    });
    const blob = await apiDownload('/api/receipts/pdf', { method: 'POST', body: {} });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(calls().map(({ token }) => token)).toEqual(['stale', undefined, 'fresh']);
  });

  test('a session answer that is not one counts as logged out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    await expect(loadSession()).resolves.toEqual({ user: null, csrf_token: '' });
  });
});
