import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from the schema; the app applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
