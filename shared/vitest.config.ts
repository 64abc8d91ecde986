import { defineConfig } from 'vitest/config'

// As api's: the adversarial-input checks parse 1 MB strings per schema, and CI runs vitest beside the browser tests on two cores.
export default defineConfig({ test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000 } })
