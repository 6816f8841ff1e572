import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A browser talking to the portal API: it keeps the cookies the server sets (the session) and
 * sends, as the portal's pages do, its CSRF cookie and token with every call.
 */
export class TestBrowser {
  readonly cookies: Record<string, string> = { csrf: 'browser-csrf-token' };

  constructor(
    private readonly app: () => FastifyInstance,
    /** The client address, which rate limits count by. */
    readonly ip = '192.0.2.10',
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app().inject({
      method,
      url,
      remoteAddress: this.ip,
      cookies: this.cookies,
      headers: { 'x-csrf-token': this.cookies.csrf ?? '', ...headers },
      ...(payload !== undefined && { payload }),
    } as InjectOptions);
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0)
        Reflect.deleteProperty(this.cookies, cookie.name);
      else this.cookies[cookie.name] = cookie.value;
    }
    return response;
  }

  get(url: string) {
    return this.call('GET', url);
  }

  post(url: string, payload: object = {}, headers?: Record<string, string>) {
    return this.call('POST', url, payload, headers);
  }

  /** Sends a file's bytes, as the back office's file fields do. */
  upload(url: string, bytes: Buffer) {
    return this.call('POST', url, bytes, { 'content-type': 'application/octet-stream' });
  }

  put(url: string, payload: object) {
    return this.call('PUT', url, payload);
  }
}
