/**
 * Hot paths (issue 18): requests per second of `GET /api/health`, `POST /api/account/authenticated`
 * (the 5-second poll of every signed-in tab) and `GET /` (the static home page) through the real
 * gateway, each as a fraction of a bare Node `http` server in its own process measured in the same
 * run with the same load generator. Targets: 0.4, 0.25, 0.5.
 * Each figure is measured in alternating slices (BENCH_ROUNDS of them) against the bare server.
 *   node scripts/bench/hardening.mjs        (BENCH_SECONDS=5 BENCH_CONCURRENCY=16 BENCH_ROUNDS=5)
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { benchDataDir, listenAndAnnounce, rawRequest, root, startApiDatabase, startChild, stopChild, stopOnSignal } from './_lib.mjs'

const dataDir = benchDataDir('hardening')
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5)
const TARGETS = { 'GET /api/health': 0.4, 'POST /api/account/authenticated': 0.25, 'GET /': 0.5 }

async function serveBare() {
  const body = JSON.stringify({ status: 'ok' })
  const server = listenAndAnnounce(
    http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    }),
  )
  server.keepAliveTimeout = 60_000
}

async function serveApp() {
  const api = await startApiDatabase(dataDir)
  const { createGateway } = await import('../../api/src/server/gateway.ts')
  const userId = await api.insertUser({ email: 'bench-hot@example.com', firstName: 'Bench', lastName: 'Hot', accountName: 'Hot Paths' })
  const token = await api.createSession(userId)
  // The home page: the built site's when there is one, else a page of the same order of size.
  const siteDir = path.join(dataDir, 'site')
  fs.mkdirSync(siteDir, { recursive: true })
  const built = path.join(root, '.data', 'site', 'dist', 'index.html')
  fs.writeFileSync(path.join(siteDir, 'index.html'), fs.existsSync(built) ? fs.readFileSync(built) : `<!doctype html><title>PermitDesk</title>${'<p>Trade promotion permits for every Australian state, done for you.</p>'.repeat(400)}`)
  const config = api.config()
  const server = listenAndAnnounce(createGateway({ api: api.createApp(config), config, siteDir }), { token, origin: config.publicOrigin })
  server.keepAliveTimeout = 60_000
  stopOnSignal(dataDir, () => server.close(), api.stop)
}

const start = (mode) => startChild(import.meta.filename, [mode], { label: mode })

/** Requests and seconds with CONCURRENCY keep-alive clients for `seconds`; counts non-2xx as failures. */
async function load(port, { method, path: urlPath, headers = {}, body }, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  let done = 0
  let failures = 0
  const deadline = performance.now() + seconds * 1000
  const one = async () => {
    const status = await rawRequest({ port, method, path: urlPath, agent, headers: { 'accept-encoding': 'br, gzip', ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, body)
    if (status < 200 || status >= 300) failures++
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (performance.now() < deadline) { await one(); done++ } }))
  agent.destroy()
  return { done, seconds: (performance.now() - started) / 1000, failures }
}

/**
 * Both servers under the same load, in alternating slices (bare, ours, bare, ours, ...) after a
 * warm-up of each, so that a change in the machine's other load during the run hits both alike
 * (the machine is shared: measured back to back, minutes apart, the ratio drifted by 2x).
 */
async function compare(barePort, appPort, call) {
  await load(barePort, call, 0.5)
  await load(appPort, call, 0.5)
  const bare = { done: 0, seconds: 0, failures: 0 }
  const ours = { done: 0, seconds: 0, failures: 0 }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [port, total] of [[barePort, bare], [appPort, ours]]) {
      const slice = await load(port, call, SECONDS / ROUNDS)
      total.done += slice.done
      total.seconds += slice.seconds
      total.failures += slice.failures
    }
  }
  return { baseline: { rps: bare.done / bare.seconds, failures: bare.failures }, ours: { rps: ours.done / ours.seconds, failures: ours.failures } }
}

export async function run(report = console.log) {
  const bare = await start('--bare')
  const app = await start('--app')
  try {
    const calls = {
      'GET /api/health': { method: 'GET', path: '/api/health' },
      'POST /api/account/authenticated': { method: 'POST', path: '/api/account/authenticated', headers: { cookie: `pd_session=${app.token}`, origin: app.origin }, body: '{}' },
      'GET /': { method: 'GET', path: '/' },
    }
    for (const [name, call] of Object.entries(calls)) {
      const { baseline, ours } = await compare(bare.port, app.port, call)
      const ratio = ours.rps / baseline.rps
      report(`hardening: ${name}: ${ours.rps.toFixed(0)} req/s vs bare Node ${baseline.rps.toFixed(0)} req/s = ratio ${ratio.toFixed(2)} (target ${TARGETS[name]}${ratio >= TARGETS[name] ? ', met' : ', NOT met'}); ${ours.failures} failed`)
    }
  } finally {
    for (const { child } of [bare, app]) await stopChild(child)
  }
}

if (process.argv[2] === '--bare') await serveBare()
else if (process.argv[2] === '--app') await serveApp()
else if (import.meta.filename === process.argv[1]) await run()
