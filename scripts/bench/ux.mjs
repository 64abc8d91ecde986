/**
 * App figures (issue 17), on a server of its own (port BENCH_UX_PORT, default 3727):
 * - the wizard's first-load JavaScript, gzip-compressed (level 9): the scripts index.html loads
 *   and the chunks they import statically (lazy route chunks are not counted), beside the figure
 *   measured before issue 17 (commit 6839a0c, one bundle): the budget is +20 %;
 * - Lighthouse, mobile settings (/usr/bin/chromium), signed in: /promotions/, the promotion
 *   dashboard /promotions/edit/{id}/, /permit/edit/{id}/details/ and the payment page
 *   /permit/edit/{id}/payment/ (issue 25 targets: performance, accessibility and best practices
 *   ≥ 95), each the median of BENCH_UX_RUNS runs (default 5), a fresh sign-in per run, with the
 *   machine's load average beside each line (Lighthouse's simulated CPU is slowed by real load).
 *   node scripts/bench/ux.mjs
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { firstLoadJs } from './_first-load.mjs'
import { benchDataDir, customerWithPromotion, root, signIn, startStack, stopChild } from './lib.mjs'

/** Measured before issue 17 with this same function on a fresh `vite build` of commit 6839a0c. */
export const BASELINE = { gzip: 176_008, raw: 586_845, commit: '6839a0c' }
export const BUDGET_RATIO = 1.2

const port = Number(process.env.BENCH_UX_PORT || 3727)
const base = `http://localhost:${port}`
const dataDir = benchDataDir('ux')
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PASSWORD = 'bench-password-123'

/** Lighthouse runs per page; the figure is their median (one run moves ±5 points on a shared machine). */
const RUNS = Number(process.env.BENCH_UX_RUNS || 5)
/** Lighthouse's own failures to record a page (not the page's fault): such a run is taken again. */
const UNRECORDED = new Set(['NO_NAVSTART'])
/** Issue 25: each category's target on each page. */
const TARGET = 95

/** A confirmed customer with one NSW promotion; returns the email and the promotion id. */
const signedInCustomer = () =>
  customerWithPromotion(base, dataDir, { email: `bench-ux-${Date.now()}@example.test`, password: PASSWORD, name: 'Bench promotion' })

async function lighthouseScores(url, cookie) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      extraHeaders: { cookie },
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    })
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr
    // BENCH_UX_LHR_DIR=<dir>: keep each full Lighthouse report (long tasks, bootup time, trace summary) for study.
    if (process.env.BENCH_UX_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_UX_LHR_DIR, { recursive: true })
      const name = new URL(url).pathname
        .replace(/\/\d+\//g, '/id/')
        .replace(/[^a-z]+/gi, '-')
        .replace(/^-|-$/g, '')
      fs.writeFileSync(path.join(process.env.BENCH_UX_LHR_DIR, `${name}.json`), JSON.stringify(result.lhr))
    }
    return {
      finalUrl: finalDisplayedUrl,
      runtimeError: runtimeError?.code,
      scores: Object.fromEntries(Object.entries(categories).map(([key, category]) => [key, Math.round(category.score * 100)])),
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      // A run that could not measure (performance 0) says why, e.g. NO_LCP.
      failing: [
        ...(runtimeError ? [`runtime error ${runtimeError.code}`] : []),
        ...['first-contentful-paint', 'largest-contentful-paint']
          .map((id) => audits[id]?.errorMessage)
          .filter(Boolean)
          .map((message) => `error: ${message.slice(0, 120)}`),
        ...Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      ],
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
  report(
    `ux: wizard first-load JS ${(now.gzip / 1024).toFixed(1)} KB gzip (${(now.raw / 1024).toFixed(1)} KB raw, ${now.files.length} files) vs ${(BASELINE.gzip / 1024).toFixed(1)} KB gzip before issue 17 (${BASELINE.commit}): ×${ratio.toFixed(3)} (budget ×${BUDGET_RATIO}) ${ratio <= BUDGET_RATIO ? 'OK' : 'OVER BUDGET'}`,
  )

  const server = (await startStack({ port, dataDir })).child
  try {
    // BENCH_UX_PAGES=<comma list>: measure only some of them (e.g. while fixing one).
    const pages = process.env.BENCH_UX_PAGES?.split(',') ?? [
      '/promotions/',
      '/promotions/edit/{id}/',
      '/permit/edit/{id}/details/',
      '/permit/edit/{id}/payment/',
    ]
    for (const page of pages) {
      const runs = []
      const retried = []
      let customer
      let pagePath = page
      for (let i = 0; i < RUNS; i++) {
        // A new customer every four runs: sign-ins are limited to five per account in 15 minutes (000 §5).
        if (i % 4 === 0) customer = await signedInCustomer()
        pagePath = page.replace('{id}', String(customer.id))
        // A fresh session for each run: leaving a page ends its session (000 §4).
        let result = await lighthouseScores(`${base}${pagePath}`, await signIn(base, { email: customer.email, password: PASSWORD }))
        // Lighthouse sometimes records no navigation at all under load (NO_NAVSTART: nothing of the
        // page measured, scored 0): that run is taken again, at most twice, and said so below.
        for (let retry = 0; retry < 2 && UNRECORDED.has(result.runtimeError); retry++) {
          retried.push(result.runtimeError)
          result = await lighthouseScores(`${base}${pagePath}`, await signIn(base, { email: customer.email, password: PASSWORD }))
        }
        runs.push(result)
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance)
      const lh = runs[Math.floor(runs.length / 2)]
      const s = lh.scores
      const worst = (key) => Math.min(...runs.map((run) => run.scores[key]))
      const ok = worst('accessibility') >= TARGET && worst('best-practices') >= TARGET && s.performance >= TARGET
      const load = os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')
      const redirected = runs.some((run) => run.finalUrl.includes('/account/login'))
      const failing = [...new Set(runs.flatMap((run) => run.failing))]
      report(
        `ux: Lighthouse mobile ${pagePath} (signed in${redirected ? ', BUT REDIRECTED TO LOGIN' : ''}), median of ${RUNS}: performance ${s.performance} (runs ${runs.map((run) => run.scores.performance).join(', ')}), accessibility ${worst('accessibility')}, best practices ${worst('best-practices')} (median run: LCP ${lh.lcp}, TBT ${lh.tbt}; load ${load} on ${os.cpus().length} cores) ${ok ? 'OK' : 'BELOW TARGET'}${failing.length ? `; failing audits: ${failing.join(', ')}` : ''}${retried.length ? `; ${retried.length} run(s) taken again after Lighthouse recorded nothing (${[...new Set(retried)].join(', ')})` : ''}`,
      )
    }
  } finally {
    await stopChild(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
