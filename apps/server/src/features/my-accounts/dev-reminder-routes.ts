import type { FastifyInstance } from 'fastify';
import { queueReminders } from './reminders';

/**
 * `POST /dev/reminders` with `{"now": "2027-02-14T09:00:00+08:00"}`: runs the reminder job as if it
 * were then, for developers and the browser journeys, whose portal runs on today's clock.
 * Registered only outside production.
 */
export async function devReminderRoutes(
  app: FastifyInstance,
  options: { signingKey: string; publicUrl: string },
) {
  app.post('/dev/reminders', { schema: { hide: true } }, async (request, reply) => {
    const now = new Date(String((request.body as { now?: unknown } | undefined)?.now));
    if (Number.isNaN(now.getTime())) {
      return reply.code(400).send({ error: 'validation_failed', message: 'now: a date and time' });
    }
    return { queued: await queueReminders(app.db, { ...options, now }) };
  });
}
