import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { mailMessages } from '../db/schema';
import { escapeHtml } from '@portal/domain/html';

/**
 * `/dev/mail`: the local outbox, for developers and tests. Registered only
 * outside production. Each message opens as its recipient would see it.
 */
export async function devMailRoutes(app: FastifyInstance) {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await app.db
      .select()
      .from(mailMessages)
      .orderBy(desc(mailMessages.id))
      .limit(200);
    const rows = messages
      .map(
        (message) => `<tr>
          <td>${message.id}</td>
          <td>${escapeHtml(message.recipient)}</td>
          <td><a href="/dev/mail/${message.id}">${escapeHtml(message.subject ?? '(not written yet)')}</a></td>
          <td>${message.status}</td>
          <td>${message.attachments
            .map(
              (attachment, index) =>
                `<a href="/dev/mail/${message.id}/attachments/${index}">${escapeHtml(attachment.filename)}</a>`,
            )
            .join(' ')}</td>
          <td>${message.createdAt.toISOString()}</td>
        </tr>`,
      )
      .join('');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail outbox</title>
      <style>body{font:15px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
      td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}</style></head>
      <body><h1>Mail outbox</h1><p>Mail the portal would send; nothing here left this machine.</p>
      <table><thead><tr><th>#</th><th>To</th><th>Subject</th><th>Status</th><th>Attachments</th><th>Created</th></tr></thead>
      <tbody>${rows || '<tr><td colspan="6">No mail yet.</td></tr>'}</tbody></table></body></html>`);
  });

  app.get<{ Params: { id: string } }>(
    '/dev/mail/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const [message] = await app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.id, Number(request.params.id) || 0));
      if (!message?.html) return reply.code(404).type('text/plain').send('No such message');
      return reply.type('text/html').send(message.html);
    },
  );

  app.get<{ Params: { id: string; index: string } }>(
    '/dev/mail/:id/attachments/:index',
    { schema: { hide: true } },
    async (request, reply) => {
      const [message] = await app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.id, Number(request.params.id) || 0));
      const attachment = message?.attachments[Number(request.params.index)];
      if (!attachment) return reply.code(404).type('text/plain').send('No such attachment');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${attachment.filename}"`)
        .send(Buffer.from(attachment.contentBase64, 'base64'));
    },
  );
}
