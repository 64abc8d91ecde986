import { createRequire } from 'node:module'
import path from 'node:path'
import type { NextHandler } from './gateway'
import { parts } from './paths'

/** Payload's Next.js server, in this process, answering /cms, /cms-api and /_next. */
export async function startCms(): Promise<{ handle: NextHandler; close: () => Promise<void> }> {
  const require = createRequire(path.join(parts.cms, 'package.json'))
  const next = require('next') as typeof import('next').default
  const app = next({ dev: false, dir: parts.cms, quiet: true })
  await app.prepare()
  const handler = app.getRequestHandler()
  return {
    handle: (req, res) => handler(req, res),
    close: async () => {
      // Payload keeps its instances (and their database pools) in a global map; close them before
      // PostgreSQL stops, or their connections die noisily mid-shutdown.
      const instances = (globalThis as { _payload?: Map<string, { payload?: { destroy?: () => Promise<void> } }> })._payload
      for (const cached of instances?.values() ?? []) await cached.payload?.destroy?.().catch(() => {})
      await app.close?.()
    },
  }
}
