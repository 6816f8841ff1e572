import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'gateway-sandbox', include: ['src/**/*.test.ts'] } });
