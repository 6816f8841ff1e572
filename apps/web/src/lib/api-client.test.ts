import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../test/render-app';
import { apiGet, ApiError } from './api-client';

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
});
