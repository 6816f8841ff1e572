import { describe, expect, test } from 'vitest';
import { freePorts, PortalProcess } from '../test/portal-process';
import { createScratchTestPostgres, testDatabases } from '../test/test-databases';

/**
 * A second server process on the same database sees the sessions of the
 * first, and a logout on either ends them for both. PostgreSQL only: an
 * embedded data folder admits one process.
 */
const postgres = testDatabases.find((target) => target.name === 'PostgreSQL')!;

(postgres.available ? describe : describe.skip)('two portal processes on one PostgreSQL', () => {
  test('share the session a login made on either, and its logout', async () => {
    const scratch = await createScratchTestPostgres();
    // A gateway URL of their own, so that neither starts the sandbox on the default port.
    const env = { DATABASE_URL: scratch.url, GATEWAY_URL: 'http://127.0.0.1:9' };
    const [firstPort, secondPort] = (await freePorts(2)) as [number, number];
    const first = new PortalProcess(firstPort, env);
    const second = new PortalProcess(secondPort, env);
    try {
      await first.start();
      await second.start();
      const session = await fetch(`${first.url}/api/auth/session`);
      const { csrf_token: csrfToken } = (await session.json()) as { csrf_token: string };
      const csrfCookie = session.headers.getSetCookie()[0]!.split(';')[0]!;
      const headers = { 'content-type': 'application/json', 'x-csrf-token': csrfToken };

      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { ...headers, cookie: csrfCookie },
        body: JSON.stringify({ email: 'demo@portal.test', password: 'demo-portal-2026' }),
      });
      expect(login.status).toBe(200);
      const sessionCookie = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((cookie) => cookie.startsWith('sid='))!;
      const cookie = `${csrfCookie}; ${sessionCookie}`;
      const whoOn = async (portal: PortalProcess) =>
        (
          (await (
            await fetch(`${portal.url}/api/auth/session`, { headers: { cookie } })
          ).json()) as {
            user: { email: string } | null;
          }
        ).user;

      expect(await whoOn(second)).toMatchObject({ email: 'demo@portal.test' });
      const history = await fetch(`${second.url}/api/history`, { headers: { cookie } });
      expect(history.status).toBe(200);

      const logout = await fetch(`${second.url}/api/auth/logout`, {
        method: 'POST',
        headers: { 'x-csrf-token': csrfToken, cookie },
      });
      expect(logout.status).toBe(204);
      expect(await whoOn(first)).toBeNull();
    } finally {
      await first.kill('SIGTERM');
      await second.kill('SIGTERM');
      await scratch.drop();
    }
  }, 90_000);
});
