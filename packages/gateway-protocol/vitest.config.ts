import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'gateway-protocol', include: ['src/**/*.test.ts'] } });
