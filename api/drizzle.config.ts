import { defineConfig } from 'drizzle-kit'

// Generating migrations needs no database: drizzle-kit diffs the schema against the committed snapshots.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  schemaFilter: ['app'],
  // The migrations table stays in drizzle's own schema (see NOTES: inside `app` it fails silently).
  migrations: { schema: 'drizzle', table: '__drizzle_migrations' },
})
