import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses the API's larger answers (the council list is 14 KB of JSON) for a browser that says
 * it can read them. Answers under 1 KB, most of them, are sent as they are: compressing them costs
 * the server more than it saves the phone. Brotli at quality 4 compresses about as well as gzip's
 * best, at a fraction of brotli's default cost. The web app's own files are compressed once, at
 * build time, and never here.
 */
export async function apiCompression(api: FastifyInstance) {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
