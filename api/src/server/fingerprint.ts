import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { repoRoot } from './paths'

const SKIP = new Set(['node_modules', 'dist', '.next', '.astro', '.turbo', 'test-results'])

/**
 * A hash of the paths (from the repository's root) and contents of a part's sources: it changes
 * with any edit and nothing else, so a build is reused after a fresh clone's or a checkout's new
 * file times, and a build copied from another checkout of the same sources counts as built.
 * A few megabytes of sources hash in milliseconds.
 */
export function fingerprint(roots: string[], extra = ''): string {
  const hash = crypto.createHash('sha256').update(extra)
  const walk = (entry: string) => {
    let stat: fs.Stats
    try {
      stat = fs.statSync(entry)
    } catch {
      return
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort())
        if (!SKIP.has(name) && !name.startsWith('.next') && !name.endsWith('.test.ts')) walk(path.join(entry, name))
    } else {
      hash.update(`${path.relative(repoRoot, entry)}:${stat.size}\n`)
      hash.update(fs.readFileSync(entry))
    }
  }
  for (const root of roots) walk(root)
  return hash.digest('hex').slice(0, 16)
}
