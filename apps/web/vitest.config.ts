import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Testing Library only cleans up by itself when test globals are on; we keep them off.
    setupFiles: ['src/test/setup.ts'],
    // A screen test renders the app's router and waits for its lazy routes: on the shared 2-core
    // machine, with the server's tests running beside it, one took over the default 5 s.
    testTimeout: 20_000,
  },
});
