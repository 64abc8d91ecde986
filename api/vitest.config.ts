import { defineConfig } from 'vitest/config'

// Property tests take seconds alone; CI runs the areas side by side on two cores, so 5 s is no limit to hold them to.
export default defineConfig({ test: { name: 'api', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 } })
