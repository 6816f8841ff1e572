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
  },
});
