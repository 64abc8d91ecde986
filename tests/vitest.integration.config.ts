import { defineConfig } from 'vitest/config'

// API integration tests: real PostgreSQL, one database per test file cloned from a migrated template.
export default defineConfig({
  test: {
    name: 'integration',
    root: import.meta.dirname,
    include: ['integration/**/*.int.test.ts'],
    globalSetup: ['setup/integration-global.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
