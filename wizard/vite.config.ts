import optimizeLocales from '@react-aria/optimize-locales-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { bootPlugin } from './build/boot-plugin'

// Assets live under /app/ so they never collide with the site's /_astro/ or Next's /_next/.
export default defineConfig({
  base: '/app/',
  // The app speaks en-AU only: react-aria's translated strings for its other 30-odd locales stay out
  // of the bundle (English strings serve en-AU).
  plugins: [optimizeLocales.vite({ locales: ['en'] }), react(), bootPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // zod schemas are built at module level (`z.object(…)`); building one has no effect outside it,
    // so a screen that only formats money or dates does not carry (or download) zod (issue 17).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      preserveEntrySignatures: false,
      // Small shared chunks of our own code are copied into each screen that uses them: a screen loads a
      // few files instead of two dozen (each one a round trip on a slow connection). Libraries are
      // never copied: a second copy of a module that creates a React context would be a different
      // context. bot-check-field caches the bot check's settings for all the account screens. What a
      // copy could break in our own code is checked by src/app/chunks.test.ts.
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12 * 1024, exclude: [/node_modules/, /bot-check-field/] } } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/promotions/download': 'http://localhost:3000', '/download': 'http://localhost:3000' },
  },
  // jsdom renders take seconds on a loaded machine (CI runs the areas side by side on two cores).
  test: { name: 'wizard', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
})
