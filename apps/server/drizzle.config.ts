import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts: `npx drizzle-kit generate --config apps/server/drizzle.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
});
