/**
 * Platform figures (issues 2 and 29): a newcomer's first start from a fresh clone (install time,
 * seconds to the first answer of `/`, `/account/login/` and `/api/health`, and until the CMS admin
 * at `/cms/` is ready), a later start of the same clone, resident memory of the running stack and
 * the home page's weight, beside `node -e ''` as the floor of any start. The clone is a `git clone`
 * of this checkout's HEAD (commit first) into a temporary directory, installed with `npm install`,
 * on its own spare port and data directory; it is removed afterwards.
 *   node scripts/bench/platform.mjs          (BENCH_PORT=3700 by default)
 * BENCH_CLONE=<dir> reuses an installed clone (no clone, no install figure; it is kept);
 * BENCH_CMS_WAIT_SECONDS bounds the wait for the admin (1200 by default).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { root, sleep, stopChild as stop } from './lib.mjs'
import { MSG_CMS_PREPARING } from '../../shared/src/platform/cms-admin.ts'

const port = Number(process.env.BENCH_PORT || 3700)
const base = `http://127.0.0.1:${port}`
const SURFACES = ['/', '/account/login/', '/api/health']
const seconds = (from) => (performance.now() - from) / 1000
const cmsWaitSeconds = Number(process.env.BENCH_CMS_WAIT_SECONDS || 1200)
const s = (value) => (value === undefined ? `not within ${cmsWaitSeconds} s` : `${value.toFixed(1)} s`)

/** `node -e ''`: the least any start can take here (median of five). */
function nodeFloor() {
  const runs = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    spawnSync(process.execPath, ['-e', ''])
    runs.push(seconds(started))
  }
  return runs.sort((a, b) => a - b)[2]
}

const answers = async (url, test) => {
  try {
    const response = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } })
    const body = await response.text()
    return test(response, body)
  } catch {
    return false
  }
}
/** The admin itself: /cms/login answered by Next, not the preparing page. */
const cmsReady = (response, body) => response.status === 200 && !body.includes(MSG_CMS_PREPARING)

/**
 * Starts the stack in `dir` and polls every surface every 100 ms: seconds from spawning to each
 * one's first 200, and to the CMS admin's.
 */
async function startAndTime(dir, dataDir, { onFirstAnswers = () => {} } = {}) {
  const started = performance.now()
  // What that checkout's `npm start` runs (node and its arguments), so the figure is of the start a user gets.
  const [, ...startArgs] = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts.start.split(/\s+/)
  const child = spawn(process.execPath, startArgs, {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: 'off', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const times = {}
  const deadline = performance.now() + cmsWaitSeconds * 1000
  let announced = false
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`)
    await Promise.all([
      ...SURFACES.filter((p) => times[p] === undefined).map(async (p) => {
        if (await answers(`${base}${p}`, (r) => r.status === 200)) times[p] = seconds(started)
      }),
      times.cms === undefined && answers(`${base}/cms/login`, cmsReady).then((ok) => ok && (times.cms = seconds(started))),
    ])
    if (!announced && SURFACES.every((p) => times[p] !== undefined)) {
      announced = true
      onFirstAnswers(times)
    }
    if (announced && times.cms !== undefined) break
    await sleep(100)
  }
  const built = output.match(/built the CMS admin[^\n]* in ([\d.]+) s/)
  return { child, times, cmsBuildSeconds: built ? Number(built[1]) : undefined, output: () => output }
}

const firstAnswers = (times) => SURFACES.map((p) => `${p} ${s(times[p])}`).join(', ')

function rssKb(pid) {
  return Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim() || 0,
  )
}
function postgresRssKb(dataDir) {
  const lines = execFileSync('ps', ['-eo', 'rss,args']).toString().split('\n')
  return lines.filter((line) => line.includes(dataDir)).reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0)
}

export async function run(report = console.log) {
  const floor = nodeFloor()
  report(`platform: node -e '' ${(floor * 1000).toFixed(0)} ms (the floor of any start)`)

  const reused = process.env.BENCH_CLONE
  const clone = reused || fs.mkdtempSync(path.join(os.tmpdir(), 'permitdesk-clone-'))
  const dataDir = path.join(clone, '.data')
  const what = reused ? 'reused clone' : 'fresh clone'
  try {
    if (!reused) {
      execFileSync('git', ['clone', '--quiet', root, clone])
      const started = performance.now()
      const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: clone, stdio: 'ignore' })
      if (install.status !== 0) throw new Error(`npm install in the clone failed (exit ${install.status})`)
      report(`platform: fresh clone: npm install ${seconds(started).toFixed(1)} s`)
    }

    const first = await startAndTime(clone, dataDir, {
      onFirstAnswers: (times) => report(`platform: ${what}, first start: first answers ${firstAnswers(times)} (target under 20 s)`),
    })
    report(
      `platform: ${what}, first start: CMS admin ready at /cms/ ${s(first.times.cms)}` +
        ` (its build ${first.cmsBuildSeconds?.toFixed(1) ?? '?'} s, behind the running server; before issue 29 nothing answered until it was done)`,
    )
    await stop(first.child)

    const later = await startAndTime(clone, dataDir)
    report(`platform: ${what}, later start: ${firstAnswers(later.times)}, /cms/ ${s(later.times.cms)} (target under 5 s to every surface)`)
    // Touch each part once so the memory figure is of a stack that has served all of them.
    for (const p of ['/', '/cms/login', '/account/login/', '/api/health']) await fetch(`${base}${p}`).then((r) => r.arrayBuffer())
    report(`platform: resident memory: server ${(rssKb(later.child.pid) / 1024).toFixed(0)} MB, PostgreSQL ${(postgresRssKb(dataDir) / 1024).toFixed(0)} MB`)

    const html = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer())
    const assets = [...html.toString().matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
    let js = 0
    let jsGz = 0
    let css = 0
    for (const asset of assets) {
      const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer())
      if (asset.endsWith('.js')) {
        js += body.length
        jsGz += zlib.gzipSync(body).length
      } else css += body.length
    }
    report(`platform: home page HTML ${html.length} B (${zlib.gzipSync(html).length} B gzip), JS referenced up front ${js} B (${jsGz} B gzip), CSS ${css} B`)
    await stop(later.child)
  } finally {
    if (!reused) fs.rmSync(clone, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
