/**
 * The wizard's first-load JavaScript: the scripts index.html loads (entry and modulepreloads), plus
 * the chunks they import statically, each gzip-compressed at level 9. Lazy chunks (dynamic import)
 * are not counted. Shared by the ux bench section.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export function firstLoadJs(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const start = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
  const seen = new Set()
  const queue = [...start]
  while (queue.length) {
    const file = queue.shift()
    if (seen.has(file)) continue
    seen.add(file)
    const code = fs.readFileSync(path.join(distDir, file), 'utf8')
    // Static imports only: `import ... from "./x.js"` / `import "./x.js"` (not `import("./x.js")`).
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.posix.join('assets', m[1]))
    }
  }
  let raw = 0
  let gzip = 0
  for (const file of seen) {
    const body = fs.readFileSync(path.join(distDir, file))
    raw += body.length
    gzip += zlib.gzipSync(body, { level: 9 }).length
  }
  return { files: [...seen], raw, gzip }
}
