/**
 * `npm run bench`: runs each section in scripts/bench/*.mjs in turn (alphabetical), each exporting
 * `run(report)` and starting whatever it needs. Add a section by adding a file there; `lib.mjs` and
 * files starting with `_` are not sections but what they share (`lib.mjs`: child servers, the app
 * over an embedded PostgreSQL, the whole stack as `npm start` runs it, a signed-in customer, load
 * loops, autocannon in its own process, and their figures).
 *   npm run bench            all sections
 *   npm run bench -- site    only sections whose file name contains "site"
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const dir = path.join(import.meta.dirname, 'bench')
const filters = process.argv.slice(2)
const sections = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.mjs') && !name.startsWith('_') && name !== 'lib.mjs')
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort()

let failed = 0
for (const name of sections) {
  console.log(`\n== ${name.replace(/\.mjs$/, '')} ==`)
  try {
    const section = await import(pathToFileURL(path.join(dir, name)).href)
    await section.run((line) => console.log(line))
  } catch (error) {
    failed++
    console.log(`${name}: FAILED: ${error instanceof Error ? error.stack : error}`)
  }
}
process.exit(failed ? 1 : 0)
