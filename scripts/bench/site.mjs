/**
 * Public site figures (issue 7), on a server of its own (port BENCH_SITE_PORT, default 3720):
 * - the home page's first view: HTML + CSS + JS transferred before any scroll or interaction,
 *   raw and gzip-compressed (what a CDN in front of the static site sends), and the JS alone;
 * - Lighthouse (mobile settings, /usr/bin/chromium): performance, accessibility, best practices, SEO;
 * - publish → live: seconds from publishing a news article in the CMS to its page answering 200.
 *   node scripts/bench/site.mjs
 */
import fs from 'node:fs'
import zlib from 'node:zlib'
import { benchDataDir, startStack, stopChild as stop } from './lib.mjs'

const port = Number(process.env.BENCH_SITE_PORT || 3720)
const base = `http://localhost:${port}`
const dataDir = benchDataDir('site')
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const admin = { email: 'bench@permitdesk.test', password: 'bench-password-123' }

const startServer = () => startStack({ port, dataDir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } })

/** Loads the home page in Chromium (mobile viewport), waits for the network to settle, sums what came. */
async function firstView() {
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 })
    const responses = []
    page.on('response', (response) => responses.push(response))
    await page.goto(`${base}/`, { waitUntil: 'networkidle0' })
    await new Promise((r) => setTimeout(r, 1500))
    const totals = { html: [0, 0], css: [0, 0], js: [0, 0], other: [0, 0] }
    const files = []
    for (const response of responses) {
      const url = new URL(response.url())
      if (url.origin !== base) continue
      const type = response.request().resourceType()
      const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : 'other'
      let body
      try {
        body = await response.buffer()
      } catch {
        continue
      }
      const gz = zlib.gzipSync(body, { level: 9 }).length
      totals[kind][0] += body.length
      totals[kind][1] += gz
      files.push(`${kind} ${url.pathname} ${body.length} B (${gz} B gzip)`)
    }
    return { totals, files }
  } finally {
    await browser.close()
  }
}

async function lighthouseScores(url) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const { categories, audits } = result.lhr
    return {
      scores: Object.fromEntries(Object.entries(categories).map(([key, category]) => [key, Math.round(category.score * 100)])),
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
      failing: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id),
    }
  } finally {
    await chrome.kill()
  }
}

async function publishToLive() {
  const login = await fetch(`${base}/cms-api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })
  if (!login.ok) throw new Error(`CMS login failed: ${login.status}`)
  const { token } = await login.json()
  const slug = `bench-${Date.now()}`
  const body = {
    root: {
      type: 'root',
      version: 1,
      direction: 'ltr',
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: 'ltr',
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [{ type: 'text', text: 'Bench article.', format: 0, version: 1, detail: 0, mode: 'normal', style: '' }],
        },
      ],
    },
  }
  const started = performance.now()
  const created = await fetch(`${base}/cms-api/news`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ title: 'Bench article', slug, date: '2026-11-01', summary: 'Measuring publish to live.', body, _status: 'published' }),
  })
  if (created.status !== 201) throw new Error(`publish failed: ${created.status} ${await created.text()}`)
  const deadline = Date.now() + 180_000
  for (;;) {
    if ((await fetch(`${base}/news/${slug}/`)).status === 200) break
    if (Date.now() > deadline) throw new Error('the article did not go live within 3 minutes')
    await new Promise((r) => setTimeout(r, 100))
  }
  return (performance.now() - started) / 1000
}

export async function run(report = console.log) {
  const server = await startServer()
  try {
    const { totals, files } = await firstView()
    const sum = (i) => totals.html[i] + totals.css[i] + totals.js[i]
    for (const line of files) report(`site: first view: ${line}`)
    report(`site: home first view HTML+CSS+JS ${(sum(0) / 1024).toFixed(1)} KB raw, ${(sum(1) / 1024).toFixed(1)} KB gzip (target under 100 KB)`)
    report(`site: home first view JavaScript ${(totals.js[0] / 1024).toFixed(1)} KB raw, ${(totals.js[1] / 1024).toFixed(1)} KB gzip (target under 30 KB)`)

    for (const pagePath of ['/', '/reviews/', '/contact/']) {
      const lh = await lighthouseScores(`${base}${pagePath}`)
      const s = lh.scores
      report(
        `site: Lighthouse mobile ${pagePath}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo} (LCP ${lh.lcp}, TBT ${lh.tbt}, CLS ${lh.cls})${lh.failing.length ? `; failing audits: ${lh.failing.join(', ')}` : ''}`,
      )
    }

    const seconds = await publishToLive()
    report(`site: publish a news article → live page: ${seconds.toFixed(1)} s (debounce 2 s, CMS export, Astro build, atomic swap)`)
  } finally {
    await stop(server.child)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
