/**
 * The yardsticks for the benchmarks: a bare Fastify route doing no work, so the portal's figures
 * are read against what this machine can do at all; and, given a PostgreSQL address, the same
 * route making one round trip to it through a pool of the portal's size, so that what the portal
 * adds on top of its one query can be told from what a database round trip costs here.
 */
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;

const app = Fastify({ logger: false });
app.post('/api/search', async (request) => {
  if (!pool) return { echo: request.body };
  const { rows } = await pool.query({
    name: 'bare_lookup',
    text: 'select $1::text as council',
    values: [(request.body as { council?: string }).council ?? ''],
  });
  return rows[0];
});
// What the portal's pages ask first, so that the bare route is driven the same way.
app.get('/api/auth/session', async () => ({ user: null, csrf_token: 'bare' }));
await app.listen({ host: '127.0.0.1', port: Number(port) });
