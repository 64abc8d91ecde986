import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SKIP = new Set(['node_modules', 'dist', '.next', '.astro', '.turbo', 'test-results'])

/** A hash of the names, sizes and modification times of a part's sources: cheap, and changes with any edit. */
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
      for (const name of fs.readdirSync(entry).sort()) if (!SKIP.has(name) && !name.endsWith('.test.ts')) walk(path.join(entry, name))
    } else {
      hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  for (const root of roots) walk(root)
  return hash.digest('hex').slice(0, 16)
}
