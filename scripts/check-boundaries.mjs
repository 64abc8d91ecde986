/**
 * The boundary lint (issue 11) with dependency-cruiser (.dependency-cruiser.cjs):
 *   1. the source tree has no violation;
 *   2. the fixture (tests/boundaries/fixture/) has exactly the violations in expected.json, so a
 *      rule that silently stops matching fails here.
 * Beside the import rules, one text rule: raw SQL calls (`pool.query(…)`, `db.execute(…)`) only
 * where SQL is allowed (scripts/sql-allowed.cjs), since an import rule cannot see a method call.
 * Prints one ✓/✗ line per check and exits non-zero on any failure.
 *   node scripts/check-boundaries.mjs [--json]   (--json: prints {passed, failed} last)
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const SOURCES = ['shared/src', 'api/src', 'wizard/src', 'site/src', 'cms/src']
const FIXTURE = 'tests/boundaries/fixture'

const { SQL_ALLOWED, RAW_SQL_KNOWN_EXCEPTIONS } = createRequire(import.meta.url)('./sql-allowed.cjs')
const sqlAllowed = [...SQL_ALLOWED, ...RAW_SQL_KNOWN_EXCEPTIONS].map((pattern) => new RegExp(pattern))
const RAW_SQL_CALL = /\.(query|execute)\s*(<[^>]*>)?\s*\(/

/** Files under `targets` that call a database client's query/execute where SQL is not allowed. */
function rawSqlViolations(targets) {
  const violations = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', '.astro', '.next'].includes(entry.name)) walk(file)
      } else if (/\.(ts|tsx|mts|mjs|js|astro)$/.test(entry.name) && !sqlAllowed.some((pattern) => pattern.test(file))) {
        if (RAW_SQL_CALL.test(fs.readFileSync(path.join(root, file), 'utf8')))
          violations.push({ rule: 'raw-sql-only-in-repositories', from: file, to: '(query call)' })
      }
    }
  }
  for (const target of targets) walk(target)
  return violations
}

/**
 * Issue 26: staff screens call the API through wizard/src/staff/api/ (one place per path, with
 * its query keys), never with an `/api/` path of their own. The customer app's features and
 * components call it through typedApi/apiHref (wizard/src/lib/typed-api.ts), whose paths are
 * checked against the route list, so no `/api/` path is written there at all. A text rule, since
 * a path is a string.
 */
const INLINE_API_PATH = /['"`]\/api\//
function inlineApiPathViolations(targets) {
  const violations = []
  const walk = (dir, rule, skipApiDirs) => {
    if (!fs.existsSync(path.join(root, dir))) return
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (!(skipApiDirs && entry.name === 'api')) walk(file, rule, skipApiDirs)
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (INLINE_API_PATH.test(fs.readFileSync(path.join(root, file), 'utf8'))) violations.push({ rule, from: file, to: '(inline /api/ path)' })
      }
    }
  }
  for (const target of targets) {
    const base = `${target}/wizard/src`.replace(/^\.\//, '')
    walk(`${base}/staff`, 'staff-calls-through-staff-api', true)
    walk(`${base}/features`, 'app-calls-through-typed-api', false)
    walk(`${base}/components`, 'app-calls-through-typed-api', false)
  }
  return violations
}

function cruise(targets) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', '.bin', 'depcruise'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...targets],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  if (!result.stdout) throw new Error(`dependency-cruiser did not answer:\n${result.stderr}`)
  return JSON.parse(result.stdout).summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }))
}

const checks = []
const sourceViolations = [...cruise(SOURCES), ...rawSqlViolations(SOURCES), ...inlineApiPathViolations(['.'])]
checks.push({
  name: `no boundary violation in ${SOURCES.join(', ')}`,
  ok: sourceViolations.length === 0,
  detail: sourceViolations.map((v) => `    ${v.rule}: ${v.from} → ${v.to}`).join('\n'),
})

const expected = JSON.parse(fs.readFileSync(path.join(root, 'tests/boundaries/expected.json'), 'utf8'))
const key = (v) => `${v.rule} ${v.from}`
const found = new Set([...cruise([FIXTURE]), ...rawSqlViolations([FIXTURE]), ...inlineApiPathViolations([FIXTURE])].map(key))
const wanted = new Set(expected.map(key))
const missing = [...wanted].filter((k) => !found.has(k))
const extra = [...found].filter((k) => !wanted.has(k))
checks.push({
  name: 'the lint fails on each deliberately bad import of the fixture, and only on those',
  ok: missing.length === 0 && extra.length === 0,
  detail: [...missing.map((k) => `    not caught: ${k}`), ...extra.map((k) => `    unexpected: ${k}`)].join('\n'),
})

let failed = 0
for (const check of checks) {
  process.stdout.write(`  ${check.ok ? '✓' : '✗'} ${check.name}\n${check.ok || !check.detail ? '' : check.detail + '\n'}`)
  if (!check.ok) failed++
}
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ passed: checks.length - failed, failed })}\n`)
process.exit(failed ? 1 : 0)
