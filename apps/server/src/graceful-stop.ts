import type { FastifyInstance } from 'fastify';

/**
 * Stops a server cleanly (docs/operations.md): it takes no new connection, lets the requests and
 * the background jobs in flight finish, then closes the database. Bounded: past `timeoutMs` it
 * answers `timed_out`, so that one stuck request never holds a deploy, and the caller exits with
 * an error for the operator to see. A payment in flight is safe either way: it is written in one
 * transaction, and one cut off is finished by the requery (docs/payments.md).
 */
export async function gracefulStop(
  parts: {
    app: FastifyInstance;
    jobs: { stop(): Promise<void> };
    database: { close(): Promise<void> };
  },
  timeoutMs: number,
): Promise<'stopped' | 'timed_out'> {
  // A keep-alive connection (a load balancer's, a browser's) whose request was in flight stays
  // open once answered, and the server would wait on it to the end: close each as it goes idle.
  const closeIdle = setInterval(() => parts.app.server.closeIdleConnections(), 100);
  const stopped = (async () => {
    await Promise.all([parts.app.close(), parts.jobs.stop()]);
    await parts.database.close();
    return 'stopped' as const;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed_out'>((resolve) => {
    timer = setTimeout(() => resolve('timed_out'), timeoutMs);
  });
  try {
    return await Promise.race([stopped, timedOut]);
  } finally {
    clearTimeout(timer);
    clearInterval(closeIdle);
  }
}
