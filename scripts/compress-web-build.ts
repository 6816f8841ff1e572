/**
 * Finishes the web build. Writes .br and .gz copies of the built web app's text files beside them,
 * so the server sends them compressed (@fastify/static's preCompressed) without compressing on
 * every request: a cheap phone on a slow line downloads a third of the bytes. Then stamps the
 * build with what it was made from (`web-source-stamp.ts`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { stampName, webSourceStamp } from './web-source-stamp';

const root = process.argv[2] ?? 'apps/web/dist';
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

let files = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const content = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  files++;
}
console.log(`compressed ${files} files in ${root}`);
writeFileSync(join(root, stampName), webSourceStamp());
