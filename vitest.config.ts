import { defineConfig } from 'vitest/config'

// One run over every workspace's unit tests and the API integration tests.
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'wizard', 'site', 'cms', 'tests/vitest.integration.config.ts'],
  },
})
