import { languageOfAcceptHeader } from '@portal/domain/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from './messages';
import type { PageContext } from './page-layout';

/** The page language follows the browser's Accept-Language, as iPay88's pages do. */
export function pageContext(request: FastifyRequest): PageContext {
  const language = languageOfAcceptHeader(request.headers['accept-language']);
  return { language, t: translator(language) };
}

export function sendPage(reply: FastifyReply, statusCode: number, page: string): FastifyReply {
  // Payment pages and merchant hand-overs belong to one payment: never cache or replay them.
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);
}
