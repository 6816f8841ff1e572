import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/gateway-protocol',
      'apps/server',
      'apps/gateway-sandbox',
      'apps/web',
      'scripts',
    ],
  },
});
