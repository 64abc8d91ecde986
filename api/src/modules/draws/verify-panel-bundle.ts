import fs from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '@permitdesk/shared'
import { parts } from '../../server/paths'

/** By the repository's layout, not the module's own location: `npm start` runs the server as one bundle (api/start.mjs). */
const here = path.join(parts.api, 'src', 'modules', 'draws')

/** The verify panel's source and its browser bundle, built by `npm run build` / `npm start` (server/build.ts, issue 31). */
export const VERIFY_PANEL_SOURCE = path.join(here, 'verify-panel.browser.ts')
export const VERIFY_PANEL_BUNDLE = path.join(parts.api, 'dist', 'draws', 'verify.js')

let cached: { mtimeMs: number; text: Promise<string> } | undefined

/**
 * The built bundle, read once per build (a rebuild while serving is picked up by its mtime).
 * Not built (an API started without the build step): 404, the page's panel then says nothing.
 */
export async function verifyPanelScript(): Promise<string> {
  const stat = await fs.stat(VERIFY_PANEL_BUNDLE).catch(() => undefined)
  if (!stat) throw new AppError('NOT_FOUND')
  if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, text: fs.readFile(VERIFY_PANEL_BUNDLE, 'utf8') }
  return cached.text
}
