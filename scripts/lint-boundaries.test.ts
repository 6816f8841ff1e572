import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/**
 * The import boundaries of eslint.config.js, tried with code that breaks them: each must fail
 * `npm run lint`, whatever the spelling of the import. The probes are linted in memory, under
 * the path they would have, so nothing is written to the repository.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

test.each([
  [
    'a web feature imports another, spelled through the features folder',
    'apps/web/src/features/cart/Probe.tsx',
    "import { CheckoutPage } from '../../features/checkout/CheckoutPage';\nexport const probe = CheckoutPage;\n",
  ],
  [
    "a web feature reaches past another feature's public entry",
    'apps/web/src/features/search/Probe.tsx',
    "import { useAddToCart } from '../cart/use-cart';\nexport const probe = useAddToCart;\n",
  ],
  [
    'shared web code imports a feature, even through its public entry',
    'apps/web/src/shared/probe.ts',
    "import { cartTotal } from '../features/cart';\nexport const probe = cartTotal;\n",
  ],
  [
    'shared web code in a nested folder imports a feature',
    'apps/web/src/components/snackbar/probe.ts',
    "import { CartPage } from '../../features/cart/CartPage';\nexport const probe = CartPage;\n",
  ],
  [
    'a server feature imports another',
    'apps/server/src/features/receipts/probe.ts',
    "import { searchRoutes } from '../search/search-routes';\nexport const probe = searchRoutes;\n",
  ],
  [
    "the server's sessions import a feature",
    'apps/server/src/sessions/probe.ts',
    "import { searchRoutes } from '../features/search/search-routes';\nexport const probe = searchRoutes;\n",
  ],
  [
    'the server imports the sandbox gateway',
    'apps/server/src/probe.ts',
    "import { startSandbox } from '@portal/gateway-sandbox/sandbox-server';\nexport const probe = startSandbox;\n",
  ],
  [
    'a server feature imports the demo data',
    'apps/server/src/features/search/probe.ts',
    "import { demoUser } from '../../demo/demo-data';\nexport const probe = demoUser;\n",
  ],
  [
    'the domain imports the web app',
    'packages/domain/src/probe.ts',
    "import { routes } from '../../../apps/web/src/app/routes';\nexport const probe = routes;\n",
  ],
])('lint refuses it when %s', async (_case, filePath, code) => {
  expect(await rulesBroken(filePath, code)).toContain('import-x/no-restricted-paths');
});

test('lint refuses an import cycle', async () => {
  // money.ts as if it imported forms.ts, which imports money.ts.
  const code = "import { loginSchema } from './forms';\nexport const probe = loginSchema;\n";
  expect(await rulesBroken('packages/domain/src/money.ts', code)).toContain('import-x/no-cycle');
});

test("imports inside a feature, of shared code and of another feature's public entry pass", async () => {
  const code =
    "import { CartPage } from './CartPage';\nimport { apiRequest } from '../../lib/api-client';\nexport const probe = [CartPage, apiRequest];\n";
  expect(await rulesBroken('apps/web/src/features/cart/Probe.tsx', code)).toEqual([]);
  const search = "import { useAddToCart } from '../cart';\nexport const probe = useAddToCart;\n";
  expect(await rulesBroken('apps/web/src/features/search/Probe.tsx', search)).toEqual([]);
});
