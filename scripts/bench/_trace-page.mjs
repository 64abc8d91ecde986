/**
 * What the main thread does while an app page loads, signed in, on a phone-like CPU (issue 25: the
 * Lighthouse reports name long tasks but not what runs in them). Not a bench section (the leading
 * underscore): a tool. It builds the wizard, starts the stack, and for each page records a Chrome
 * trace with the V8 sampling profiler at 4× CPU slowdown (Lighthouse's mobile setting), then prints
 * each task of 50 ms or more (real time under the slowdown) with its self time by function and
 * source file (mapped through the build's source maps), and the whole load's top functions.
 *   node scripts/bench/_trace-page.mjs [/permit/edit/{id}/details/ ...]
 * TRACE_DIR=<dir> keeps each trace (open it in DevTools' Performance panel); TRACE_SKIP_BUILD=1 uses
 * the wizard's existing dist/.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { benchDataDir, customerWithPromotion, root, signIn, sleep, startStack, stopChild } from './lib.mjs'

const port = Number(process.env.TRACE_PORT || 3729)
const base = `http://localhost:${port}`
const dataDir = benchDataDir('trace')
const PASSWORD = 'bench-password-123'
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/promotions/', '/promotions/edit/{id}/', '/permit/edit/{id}/details/', '/permit/edit/{id}/payment/']

const maps = new Map()
/** `file:line:column` of the original source for a position in a built asset, or the asset's name. */
function original(url, line, column) {
  const file = url.replace(/^.*\/app\/assets\//, '')
  if (!url.includes('/app/assets/')) return url.replace(/^.*\//, '') || '(page)'
  if (!maps.has(file)) {
    const mapFile = path.join(root, 'wizard', 'dist', 'assets', `${file}.map`)
    maps.set(file, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null)
  }
  const map = maps.get(file)
  if (!map || line < 0) return file
  const position = originalPositionFor(map, { line: line + 1, column: Math.max(column, 0) })
  if (!position.source) return file
  return `${position.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '')}:${position.line}${position.name ? ` ${position.name}` : ''}`
}

/** Samples of the V8 profiler in the trace: [timestamp µs, node] on the main thread. */
function profileSamples(events, pid, tid) {
  const nodes = new Map()
  const samples = []
  // The main thread's profile; its chunks come from the profiler's own thread, under the profile's id.
  const profile = events.find((e) => e.pid === pid && e.tid === tid && e.name === 'Profile')
  if (!profile) return samples
  let time = profile.args.data.startTime
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk' || event.id !== profile.id) continue
    const data = event.args.data.cpuProfile ?? {}
    for (const node of data.nodes ?? []) nodes.set(node.id, node)
    const deltas = event.args.data.timeDeltas ?? []
    ;(data.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0
      samples.push([time, nodes.get(id)])
    })
  }
  samples.nodes = nodes
  return samples
}

/** A node's function with its callers, innermost first (`depth` frames). */
const chain = (node, nodes, depth) => {
  const names = []
  for (let n = node; n && names.length < depth; n = nodes.get(n.parent)) names.push(label(n))
  return names.join(' < ')
}

const label = (node) => {
  const frame = node?.callFrame
  if (!frame) return '?'
  if (!frame.url) return `(${frame.functionName || 'program'})`
  return `${frame.functionName || '(anonymous)'} ${original(frame.url, frame.lineNumber, frame.columnNumber)}`
}

function top(entries, count) {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `      ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`)
    .join('\n')
}

async function tracePage(browser, url, newSession) {
  // A first load in a context of its own warms the server (compressed assets, queries), as a
  // Lighthouse run after the first finds it; the traced one starts with a cold browser cache.
  const warm = await browser.newContext()
  const warmCookie = await newSession()
  await warm.addCookies(warmCookie.split('; ').map((c) => ({ name: c.split('=')[0], value: c.split(/=(.*)/s)[1], url: base })))
  await (await warm.newPage()).goto(url, { waitUntil: 'networkidle' })
  await warm.close()
  // A fresh session: leaving a page ends its session (000 §4).
  const cookie = await newSession()
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  await context.addCookies(cookie.split('; ').map((c) => ({ name: c.split('=')[0], value: c.split(/=(.*)/s)[1], url: base })))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  })
  await page.goto(url, { waitUntil: 'load' })
  // Under a loaded machine the network may not settle in 30 s (the editor reports activity): trace what came.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {})
  // What runs after the first screen (transitions, lazy parts): a tool's pause, not a test's.
  await sleep(4000)
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'))
  await context.close()
  const events = trace.traceEvents ?? trace
  if (process.env.TRACE_DIR) {
    fs.mkdirSync(process.env.TRACE_DIR, { recursive: true })
    fs.writeFileSync(
      path.join(process.env.TRACE_DIR, `${new URL(url).pathname.replace(/\/\d+\//g, '/id/').replace(/[^a-z]+/gi, '-')}.json`),
      JSON.stringify(trace),
    )
  }
  // The renderer that navigated to the page (others are about:blank and the like).
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(base))
  if (!navigation) throw new Error(`no navigation to ${url} in the trace`)
  const main = { pid: navigation.pid, tid: navigation.tid }
  const navStart = navigation.ts
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= navStart)
  const samples = profileSamples(events, main.pid, main.tid)
  const inside = (task) =>
    events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + task.dur && e !== task)
  const lines = [
    `${new URL(url).pathname}: ${tasks.length} tasks, ${tasks.filter((t) => t.dur >= 50_000).length} of 50 ms or more (4× slowdown, real time; load ${os.loadavg()[0].toFixed(1)})`,
  ]
  const paints = events.filter((e) => e.pid === main.pid && ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name))
  for (const paint of paints) lines.push(`  ${paint.name} at ${((paint.ts - navStart) / 1000).toFixed(0)} ms`)
  const all = new Map()
  for (const [time, node] of samples) if (time >= navStart) all.set(label(node), (all.get(label(node)) ?? 0) + 1)
  for (const task of tasks.filter((t) => t.dur >= 50_000)) {
    const kinds = new Map()
    for (const e of inside(task)) {
      const kind =
        e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule'
          ? `${e.name} ${String(e.args?.data?.url ?? e.args?.fileName ?? '').replace(/.*\//, '')}`
          : e.name
      if (
        [
          'FunctionCall',
          'EvaluateScript',
          'v8.evaluateModule',
          'v8.compileModule',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'v8.compile',
          'ParseAuthorStyleSheet',
          'RunMicrotasks',
          'HandlePostMessage',
          'ResourceReceivedData',
        ].some((n) => e.name.startsWith(n))
      )
        kinds.set(kind, (kinds.get(kind) ?? 0) + e.dur)
    }
    const self = new Map()
    const depth = Number(process.env.TRACE_DEPTH || 1)
    for (const [time, node] of samples)
      if (time >= task.ts && time < task.ts + task.dur) {
        const key = chain(node, samples.nodes, depth)
        self.set(key, (self.get(key) ?? 0) + 1)
      }
    const sampleUs = samples.length > 1 ? (samples.at(-1)[0] - samples[0][0]) / samples.length : 100
    lines.push(
      `  task at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms: ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`)
        .join(', ')}`,
    )
    lines.push(
      top(
        [...self].map(([k, n]) => [k, n * sampleUs]),
        14,
      ),
    )
  }
  const sampleUs = samples.length > 1 ? (samples.at(-1)[0] - samples[0][0]) / samples.length : 100
  lines.push('  whole load, top functions by self time:')
  lines.push(
    top(
      [...all].map(([k, n]) => [k, n * sampleUs]),
      25,
    ),
  )
  return lines.join('\n')
}

if (process.env.TRACE_SKIP_BUILD !== '1') {
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd: path.join(root, 'wizard'), encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`wizard build failed:\n${build.stdout}${build.stderr}`)
}
const server = (await startStack({ port, dataDir })).child
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' })
/** A confirmed customer with one NSW promotion (sign-ins are limited per account: one per page traced). */
const newCustomer = () => customerWithPromotion(base, dataDir, { email: `trace-${Date.now()}@example.test`, password: PASSWORD, name: 'Trace promotion' })

try {
  for (const page of pages) {
    const { email, id } = await newCustomer()
    console.log(await tracePage(browser, `${base}${page.replace('{id}', String(id))}`, () => signIn(base, { email, password: PASSWORD })))
  }
} finally {
  await browser.close()
  await stopChild(server)
  fs.rmSync(dataDir, { recursive: true, force: true })
}
