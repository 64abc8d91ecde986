import { defineConfig } from 'vitest/config'

// As api's: the adversarial-input checks parse 1 MB strings per schema, past 5 s on a loaded two-core machine (load 13).
export default defineConfig({ test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000 } })
