/**
 * App figures (issue 17), on a server of its own (port BENCH_UX_PORT, default 3727):
 * - the wizard's first-load JavaScript, gzip-compressed (level 9): the scripts index.html loads
 *   and the chunks they import statically (lazy route chunks are not counted), beside the figure
 *   measured before issue 17 (commit 6839a0c, one bundle): the budget is +20 %;
 * - Lighthouse, mobile settings (/usr/bin/chromium), signed in: /promotions/ and
 *   /permit/edit/{id}/details/ (targets: accessibility and best practices ≥ 95, performance ≥ 90).
 *   node scripts/bench/ux.mjs
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { firstLoadJs } from './_first-load.mjs'

/** Measured before issue 17 with this same function on a fresh `vite build` of commit 6839a0c. */
export const BASELINE = { gzip: 176_008, raw: 586_845, commit: '6839a0c' }
export const BUDGET_RATIO = 1.2

const root = path.resolve(import.meta.dirname, '../..')
const port = Number(process.env.BENCH_UX_PORT || 3727)
const base = `http://localhost:${port}`
const dataDir = path.join(root, '.test-data', 'bench-ux')
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PASSWORD = 'bench-password-123'

async function startServer() {
  fs.rmSync(dataDir, { recursive: true, force: true })
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: 'off', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const deadline = Date.now() + 600_000
  while (!output.includes('Ready in')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return child
}
const stop = (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGINT'))))

/** The confirmation link of the newest mail to `to` in the server's outbox. */
async function confirmLink(to) {
  const outbox = path.join(dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      if (!text.includes(to)) continue
      const link = text.match(/https?:\/\/\S*\/api\/account\/confirmEmail\S*/)?.[0]
      if (link) return link
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no confirmation mail to ${to}`)
}

/** A confirmed customer with one NSW promotion; returns the session cookie and the promotion id. */
async function signedInCustomer() {
  const email = `bench-ux-${Date.now()}@example.test`
  const json = { 'content-type': 'application/json' }
  const registered = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Bea', lastName: 'Bench', accountName: 'Bench Pty Ltd', phone: '0298765432', agreedTerms: true }),
  })
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  await fetch(await confirmLink(email))
  const login = await fetch(`${base}/api/account/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) })
  if (!login.ok) throw new Error(`login: ${login.status}`)
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const created = await fetch(`${base}/api/promotion/create`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Bench promotion', ausStates: { nsw: true }, totalPrizeValue: 20_000, hasNswAuthority: false, includeNz: false, winnersDrawnElectronically: false, managedSubmission: true, randomDraw: false, termsAndConditions: false, abridgedTC: false, hostedTC: false }),
  })
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`)
  return { cookie, id: (await created.json()).id }
}

async function lighthouseScores(url, cookie) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: { cookie }, onlyCategories: ['performance', 'accessibility', 'best-practices'] })
    const { categories, audits, finalDisplayedUrl } = result.lhr
    // BENCH_UX_LHR_DIR=<dir>: keep each full Lighthouse report (long tasks, bootup time, trace summary) for study.
    if (process.env.BENCH_UX_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_UX_LHR_DIR, { recursive: true })
      const name = new URL(url).pathname.replace(/\/\d+\//g, '/id/').replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')
      fs.writeFileSync(path.join(process.env.BENCH_UX_LHR_DIR, `${name}.json`), JSON.stringify(result.lhr))
    }
    return {
      finalUrl: finalDisplayedUrl,
      scores: Object.fromEntries(Object.entries(categories).map(([key, category]) => [key, Math.round(category.score * 100)])),
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      failing: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id),
    }
  } finally {
    await chrome.kill()
  }
}

export async function run(report = console.log) {
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd: path.join(root, 'wizard'), encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`wizard build failed:\n${build.stdout}${build.stderr}`)
  const now = firstLoadJs(path.join(root, 'wizard', 'dist'))
  const ratio = now.gzip / BASELINE.gzip
  report(`ux: wizard first-load JS ${(now.gzip / 1024).toFixed(1)} KB gzip (${(now.raw / 1024).toFixed(1)} KB raw, ${now.files.length} files) vs ${(BASELINE.gzip / 1024).toFixed(1)} KB gzip before issue 17 (${BASELINE.commit}): ×${ratio.toFixed(3)} (budget ×${BUDGET_RATIO}) ${ratio <= BUDGET_RATIO ? 'OK' : 'OVER BUDGET'}`)

  const server = await startServer()
  try {
    const { cookie, id } = await signedInCustomer()
    for (const pagePath of ['/promotions/', `/permit/edit/${id}/details/`]) {
      const lh = await lighthouseScores(`${base}${pagePath}`, cookie)
      const s = lh.scores
      const ok = s.accessibility >= 95 && s['best-practices'] >= 95 && s.performance >= 90
      report(`ux: Lighthouse mobile ${pagePath} (signed in${lh.finalUrl.includes('/account/login') ? ', BUT REDIRECTED TO LOGIN' : ''}): performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']} (LCP ${lh.lcp}, TBT ${lh.tbt}) ${ok ? 'OK' : 'BELOW TARGET'}${lh.failing.length ? `; failing audits: ${lh.failing.join(', ')}` : ''}`)
    }
  } finally {
    await stop(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
