import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

export default defineConfig({
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react()],
  // The gateway serves the build; in `astro dev` the API and wizard are proxied to the gateway.
  server: { port: 4321 },
  vite: {
    server: { proxy: { '/api': 'http://localhost:3000', '/error': 'http://localhost:3000', '/cms-api': 'http://localhost:3000' } },
  },
})
