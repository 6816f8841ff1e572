import type { ValidationMessageKey } from '@portal/domain/errors';
import type { ApiError } from '@portal/domain/contracts/api-error';
import { hasControlCharacters } from '@portal/domain/forms';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Passwords are taken as typed, whatever they hold: only their hash is ever stored. */
const passwordFields = new Set(['password', 'current_password', 'confirm_password']);

/** Text of many lines (a content page's Markdown): line breaks are part of it, nothing else is. */
const multiLineFields = new Set(['body']);

/** The deepest a request's JSON is searched; deeper nesting is refused as well. */
const maxDepth = 8;

/**
 * The path of the first string holding a control character, as the validation errors name fields
 * ('payer.full_name', 'items.0.account_no'); '_' for the value itself.
 */
function firstControlCharacter(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') {
    return hasControlCharacters(value) ? path.join('.') || '_' : undefined;
  }
  // An uploaded file's bytes are the endpoint's to check, not text.
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  if (depth >= maxDepth) return path.join('.') || '_';
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, '_'].join('.');
    if (passwordFields.has(key) && typeof item === 'string') continue;
    if (multiLineFields.has(key) && typeof item === 'string') {
      if (hasControlCharacters(item.replace(/\r?\n/g, ''))) return [...path, key].join('.');
      continue;
    }
    const found = firstControlCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every text a caller sends, in any field of any endpoint, is refused with a field error when it
 * holds a control character (docs/input-rules.md): the domain's form schemas say the same for the
 * fields they know, and this catches the rest (tokens, references, the gateway's fields) before any
 * of it reaches the database, which cannot store a NUL, or a log line.
 */
export const controlCharacters = fp(async (app: FastifyInstance) => {
  // A plain hook, not an async one: it runs on every request, search's hot path included.
  app.addHook('preValidation', (request, reply, done) => {
    const field =
      firstControlCharacter(request.query) ??
      firstControlCharacter(request.params) ??
      firstControlCharacter(request.body);
    if (field === undefined) return done();
    const key: ValidationMessageKey = 'characters_invalid';
    reply.code(400).send({
      error: 'validation_failed',
      message: 'The request holds a control character',
      fields: { [field]: key },
      request_id: request.id,
    } satisfies ApiError);
  });
});
