import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../test/render-app';
import { apiDownload, apiGet, ApiError, apiRequest } from './api-client';

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
    await expect(apiGet('/api/councils')).resolves.toEqual([{ code: 'mps' }]);
  });

  test('turns an error answer into an ApiError carrying the server’s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'cart_full', message: 'too many items' }, 409)),
    );
    const error = await failureOf(apiGet('/api/cart'));
    expect(error.code).toBe('cart_full');
    expect(error.status).toBe(409);
  });

  test('names an error answer without a code of ours by its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect((await failureOf(apiGet('/api/councils'))).code).toBe('service_unavailable');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'no_such_code' }, 404)),
    );
    expect((await failureOf(apiGet('/api/councils'))).code).toBe('not_found');
  });

  test('calls a network failure service_unavailable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(apiGet('/api/councils'));
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(0);
  });

  test('carries the cart items an error names, dropping any that are not items', async () => {
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
