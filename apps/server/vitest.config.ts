import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Opening a database and loading the demo data takes a few seconds on a small machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
