/**
 * `npm test`: every runner in turn (unit and integration tests in vitest, then the browser tests
 * in Playwright), then one closing line `N passed, N failed` summing them all.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const results = path.join(root, '.test-data', 'results')
fs.rmSync(results, { recursive: true, force: true })
fs.mkdirSync(results, { recursive: true })
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` }
const only = process.argv.slice(2)

let passed = 0
let failed = 0
let broken = []

function run(label, command, args, extraEnv = {}) {
  process.stdout.write(`\n=== ${label} ===\n`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } })
  return result.status ?? 1
}

if (!only.length || only.includes('types')) {
  // One check per workspace; the CMS is type-checked by its Next build.
  process.stdout.write('\n=== type checks (tsc) ===\n')
  for (const workspace of ['shared', 'api', 'wizard']) {
    const result = spawnSync(bin('tsc'), ['-p', workspace, '--noEmit'], { cwd: root, env, encoding: 'utf8' })
    const ok = result.status === 0
    process.stdout.write(`  ${ok ? '✓' : '✗'} ${workspace}\n${ok ? '' : result.stdout + result.stderr}`)
    if (ok) passed++
    else failed++
  }
}

if (!only.length || only.includes('format')) {
  // One formatter over the repository (issue 31, biome.json): a file not as Biome writes it fails here; `npm run format` fixes it.
  process.stdout.write('\n=== format (biome) ===\n')
  const result = spawnSync(bin('biome'), ['format', '.', '--max-diagnostics=20'], { cwd: root, env, encoding: 'utf8' })
  const ok = result.status === 0
  process.stdout.write(`  ${ok ? '✓' : '✗'} every file as \`npm run format\` writes it\n${ok ? '' : result.stdout + result.stderr}`)
  if (ok) passed++
  else failed++
}

if (!only.length || only.includes('boundaries')) {
  // The boundary lint (issue 11, .dependency-cruiser.cjs): each check counts like a type check.
  process.stdout.write('\n=== boundaries (dependency-cruiser) ===\n')
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'check-boundaries.mjs'), '--json'], { cwd: root, env, encoding: 'utf8' })
  const lines = result.stdout.trimEnd().split('\n')
  let counts
  try {
    counts = JSON.parse(lines.at(-1))
  } catch {
    counts = undefined
  }
  process.stdout.write(`${(counts ? lines.slice(0, -1) : lines).join('\n')}\n${result.status === 0 ? '' : result.stderr}`)
  if (counts) {
    passed += counts.passed
    failed += counts.failed
  } else broken.push('boundaries')
}

if (!only.length || only.includes('unit')) {
  const file = path.join(results, 'vitest.json')
  const code = run('unit and integration tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'))
    // A file whose set-up failed (a server that did not start, a file that does not load) has no
    // failed test of its own, and vitest may still exit 0: it counts once as a failure.
    const failedFiles = report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length
    passed += report.numPassedTests
    failed += report.numFailedTests + failedFiles
    if ((code !== 0 || !report.success) && report.numFailedTests + failedFiles === 0) broken.push('vitest')
  } else broken.push('vitest')
}

if (!only.length || only.includes('e2e')) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!fs.existsSync(chromium)) {
    process.stdout.write(`\nThe browser tests need Chromium at ${chromium} (Debian: apt-get install chromium, or set CHROMIUM_PATH).\n`)
    broken.push('playwright')
  } else {
    const file = path.join(results, 'playwright.json')
    const code = run('browser tests (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'tests/playwright.config.ts'], { PW_JSON_OUTPUT: file })
    if (fs.existsSync(file)) {
      const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'))
      passed += stats.expected + stats.flaky
      failed += stats.unexpected
      if (code !== 0 && stats.unexpected === 0) broken.push('playwright')
    } else broken.push('playwright')
  }
}

if (broken.length) process.stdout.write(`\nThese runners failed before reporting every test: ${broken.join(', ')}\n`)
failed += broken.length
process.stdout.write(`\n${passed} passed, ${failed} failed\n`)
process.exit(failed ? 1 : 0)
