import type { ValidationMessageKey } from '@portal/domain/errors';
import type { ApiError } from '@portal/domain/contracts/api-error';
import { hasInvalidCharacters, isWellFormedText } from '@portal/domain/forms';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Passwords are taken as typed, whatever they hold, but for broken Unicode: only a hash is kept. */
const passwordFields = new Set(['password', 'current_password', 'confirm_password']);

/** Text of many lines (a content page's Markdown): line breaks are part of it, nothing else is. */
const multiLineFields = new Set(['body']);

/** The deepest a request's JSON is searched; deeper nesting is refused as well. */
const maxDepth = 8;

/**
 * The path of the first string holding an invalid character, as the validation errors name fields
 * ('payer.full_name', 'items.0.account_no'); '_' for the value itself.
 */
function firstInvalidCharacter(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') {
    return hasInvalidCharacters(value) ? path.join('.') || '_' : undefined;
  }
  // An uploaded file's bytes are the endpoint's to check, not text.
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  if (depth >= maxDepth) return path.join('.') || '_';
  for (const [key, item] of Object.entries(value)) {
    if (hasInvalidCharacters(key)) return [...path, '_'].join('.');
    if (passwordFields.has(key) && typeof item === 'string') {
      if (!isWellFormedText(item)) return [...path, key].join('.');
      continue;
    }
    if (multiLineFields.has(key) && typeof item === 'string') {
      if (hasInvalidCharacters(item.replace(/\r?\n/g, ''))) return [...path, key].join('.');
      continue;
    }
    const found = firstInvalidCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const characters: ValidationMessageKey = 'characters_invalid';

/**
 * Text that is not well-formed is refused at the edge, in any field of any endpoint, with a field
 * error (docs/input-rules.md): a control character, which the database cannot store as NUL and a
 * log line must not hold, and half of a surrogate pair alone, which PostgreSQL refuses inside JSON
 * and a PDF cannot draw. A JSON body must be UTF-8 as sent: bytes that are not are refused, never
 * read as replacement characters. The domain's form schemas say the same for the fields they know;
 * this catches the rest (tokens, references, the gateway's fields) before any of it reaches a
 * service.
 */
export const invalidCharacters = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(
        new AppError('validation_failed', 'The request is not UTF-8', { _: characters }),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });

  // A plain hook, not an async one: it runs on every request, search's hot path included.
  app.addHook('preValidation', (request, reply, done) => {
    const field =
      firstInvalidCharacter(request.query) ??
      firstInvalidCharacter(request.params) ??
      firstInvalidCharacter(request.body);
    if (field === undefined) return done();
    reply.code(400).send({
      error: 'validation_failed',
      message: 'The request holds a character that is not text',
      fields: { [field]: characters },
      request_id: request.id,
    } satisfies ApiError);
  });
});
