/**
 * Hot paths (issues 18 and 31): requests per second of `GET /api/health`, `POST /api/account/authenticated`
 * (the 5-second poll of every signed-in tab) and `GET /` (the static home page) of the product as
 * `npm start` runs it (gateway, API, CMS, site), each as a fraction of a bare Node `http` server in
 * its own process (for `/`, serving the same brotli bytes of the page), both driven by autocannon
 * in a process of its own, in the same run.
 * Targets: 0.4, 0.25, 0.5.
 * Each figure is measured in alternating slices (BENCH_ROUNDS of them) against the bare server, so
 * a change in the shared machine's other load hits both alike.
 *   npm run bench -- hardening     (BENCH_SECONDS=6 BENCH_CONNECTIONS=20 BENCH_ROUNDS=3)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- hardening    (a CPU profile of the product)
 *   BENCH_CALLS=authenticated npm run bench -- hardening     (only the calls whose name contains it)
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { autocannon, benchDataDir, listenAndAnnounce, registerAndSignIn, startChild, startStack, stopChild } from './lib.mjs'

const dataDir = benchDataDir('hardening')
const SECONDS = Number(process.env.BENCH_SECONDS || 6)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3)
const PORT = Number(process.env.BENCH_PORT || 3931)
const TARGETS = { 'GET /api/health': 0.4, 'POST /api/account/authenticated': 0.25, 'GET /': 0.5 }

/**
 * The baseline: bare Node `http`, answering `{"status":"ok"}`, and for `/` the same bytes the
 * product's home page answered (brotli, as the product sends it), so the page's size costs both alike.
 */
function serveBare(homeFile) {
  const body = JSON.stringify({ status: 'ok' })
  const home = homeFile ? fs.readFileSync(homeFile) : undefined
  const server = listenAndAnnounce(
    http.createServer((req, res) => {
      if (home && req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': home.length })
        return res.end(home)
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    }),
  )
  server.keepAliveTimeout = 60_000
}

/** The home page's bytes as the product sends them to a browser asking for brotli. */
function fetchHomeBytes(port) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () =>
          res.headers['content-encoding'] === 'br'
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`the home page came back as ${res.headers['content-encoding'] ?? 'identity'}`)),
        )
      })
      .on('error', reject)
  })
}

/** Both servers, a warm-up of each, then alternating slices (bare, ours, bare, ours, ...). */
async function compare(bareUrl, appUrl, call) {
  await autocannon(bareUrl, { ...call, seconds: 1, connections: CONNECTIONS })
  await autocannon(appUrl, { ...call, seconds: 1, connections: CONNECTIONS })
  const bare = []
  const ours = []
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await autocannon(bareUrl, { ...call, seconds: SECONDS / ROUNDS, connections: CONNECTIONS }))
    ours.push(await autocannon(appUrl, { ...call, seconds: SECONDS / ROUNDS, connections: CONNECTIONS }))
  }
  const mean = (runs) => runs.reduce((sum, r) => sum + r.rps, 0) / runs.length
  const failed = (runs) => runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0)
  return { baseline: mean(bare), ours: mean(ours), failures: failed(ours), p99: Math.max(...ours.map((r) => r.p99)) }
}

export async function run(report = console.log) {
  let bare
  let stack
  try {
    stack = await startStack({ port: PORT, dataDir })
    const homeFile = path.join(dataDir, 'home.html.br')
    fs.writeFileSync(homeFile, await fetchHomeBytes(PORT))
    bare = await startChild(import.meta.filename, ['--bare', homeFile], { label: 'bare Node server' })
    const base = `http://127.0.0.1:${PORT}`
    const cookie = await registerAndSignIn(base, dataDir, { email: 'bench-hot@example.com', password: 'correct horse battery staple' })
    const calls = {
      'GET /api/health': { path: '/api/health' },
      'POST /api/account/authenticated': {
        path: '/api/account/authenticated',
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: '{}',
      },
      'GET /': { path: '/', headers: { 'accept-encoding': 'br' } },
    }
    const only = process.env.BENCH_CALLS
    for (const [name, { path: urlPath, ...call }] of Object.entries(calls)) {
      if (only && !name.includes(only)) continue
      const { baseline, ours, failures, p99 } = await compare(`http://127.0.0.1:${bare.port}${urlPath}`, `${base}${urlPath}`, call)
      const ratio = ours / baseline
      report(
        `hardening: ${name}: ${ours.toFixed(0)} req/s vs bare Node ${baseline.toFixed(0)} req/s = ratio ${ratio.toFixed(2)} (target ${TARGETS[name]}${ratio >= TARGETS[name] ? ', met' : ', NOT met'}); p99 ${p99} ms; ${failures} failed`,
      )
    }
  } finally {
    if (bare) await stopChild(bare.child)
    if (stack) await stopChild(stack.child)
  }
}

if (process.argv[2] === '--bare') serveBare(process.argv[3])
else if (import.meta.filename === process.argv[1]) await run()
