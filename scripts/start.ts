/**
 * `npm start`: a developer's portal unless NODE_ENV says otherwise. Checks the configuration first,
 * so that a bad value stops it at once with one line, builds the web app unless the build in place
 * was made from the sources in place, then runs the portal and, unless `GATEWAY_URL` names a real gateway, the
 * sandbox card gateway beside it, each in its own process. A signal stops both; one that stops by
 * itself is started again while the other goes on (scripts/process-group.ts).
 */
import { execSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../apps/server/src/config';
import { runProcessGroup, tsEntry } from './process-group';
import { webBuildIsCurrent } from './web-source-stamp';

function checkedConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// The server started bare is a production one; the quick start is a developer's, with demo data.
process.env.NODE_ENV ??= 'development';
const config = checkedConfig();
if (!webBuildIsCurrent()) execSync('npm run build', { stdio: 'inherit' });

const sandbox = tsEntry('sandbox gateway', 'apps/gateway-sandbox/src/main.ts', {
  HOST: config.host,
  // The sandbox's card pages live exactly as long as the portal is told they do.
  GATEWAY_PAGE_TIMEOUT_SECONDS: String(config.paymentTimings.gatewayPageTimeoutSeconds),
});
process.exit(
  await runProcessGroup([
    ...(config.runSandboxGateway ? [sandbox] : []),
    tsEntry('portal', 'apps/server/src/main.ts'),
  ]),
);
