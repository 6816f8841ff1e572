import type { FastifyReply } from 'fastify';

/** A file for the browser to save under its name, never cached. */
export function fileReply(
  reply: FastifyReply,
  type: string,
  filename: string,
  file: string | Buffer,
) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(file);
}
