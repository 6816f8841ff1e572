/**
 * The yardstick for `bench:search`: a bare Fastify route doing no work, so the portal's figures
 * are read against what this machine can do at all.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/search', async (request) => ({ echo: request.body }));
// What the portal's pages ask first, so that the bare route is driven the same way.
app.get('/api/auth/session', async () => ({ user: null, csrf_token: 'bare' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
