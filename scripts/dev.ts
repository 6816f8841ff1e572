/**
 * `npm run dev`: the portal for working on it. The server restarts on every change of its code
 * (node --watch), vite serves the web app with hot reload at http://localhost:5173 and forwards
 * `/api` and `/dev` to the server, and the sandbox gateway takes payments. The browser only ever
 * talks to vite's address, so that is the portal's public address: the CSRF check, the gateway's
 * return and the e-mailed links all use it.
 */
import { existsSync } from 'node:fs';
import { runProcessGroup, tsEntry } from './process-group';

const webPort = process.env.WEB_PORT ?? '5173';
process.env.NODE_ENV ??= 'development';
process.env.PUBLIC_URL ??= `http://localhost:${webPort}`;

const vite = 'node_modules/vite/bin/vite.js';
if (!existsSync(vite)) {
  console.error('npm run dev needs the development dependencies: run npm install first');
  process.exit(1);
}

process.exit(
  await runProcessGroup([
    { name: 'portal', nodeArgs: ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'] },
    { name: 'web app', nodeArgs: [vite, 'apps/web', '--port', webPort, '--strictPort'] },
    tsEntry('sandbox gateway', 'apps/gateway-sandbox/src/main.ts'),
  ]),
);
