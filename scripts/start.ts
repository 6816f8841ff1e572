/**
 * `npm start`: checks the configuration first, so that a bad value stops it at once with one line,
 * then builds the web app and starts the portal.
 */
import { execSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../apps/server/src/config';

try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
execSync('npm run build', { stdio: 'inherit' });
await import('../apps/server/src/main');
