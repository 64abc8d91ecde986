/**
 * Hot paths (issue 18): requests per second of `GET /api/health`, `POST /api/account/authenticated`
 * (the 5-second poll of every signed-in tab) and `GET /` (the static home page) through the real
 * gateway, each as a fraction of a bare Node `http` server in its own process measured in the same
 * run with the same load generator. Targets: 0.4, 0.25, 0.5.
 * Each figure is measured in alternating slices (BENCH_ROUNDS of them) against the bare server.
 *   node scripts/bench/hardening.mjs        (BENCH_SECONDS=5 BENCH_CONCURRENCY=16 BENCH_ROUNDS=5)
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = path.join(root, '.test-data', 'bench-hardening')
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5)
const TARGETS = { 'GET /api/health': 0.4, 'POST /api/account/authenticated': 0.25, 'GET /': 0.5 }

async function serveBare() {
  const body = JSON.stringify({ status: 'ok' })
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`))
}

async function serveApp() {
  const { register } = await import('tsx/esm/api')
  register()
  const { startEmbeddedPostgres } = await import('../../api/src/db/embedded.ts')
  const { migrateApp } = await import('../../api/src/db/migrate.ts')
  const { createDatabase } = await import('../../api/src/db/client.ts')
  const { createApp } = await import('../../api/src/app.ts')
  const { createGateway } = await import('../../api/src/server/gateway.ts')
  const { loadConfig } = await import('../../api/src/env.ts')
  const { silentLogger } = await import('../../api/src/logger.ts')
  const { createSession } = await import('../../api/src/modules/account/session-store.ts')

  fs.rmSync(dataDir, { recursive: true, force: true })
  const embedded = await startEmbeddedPostgres(dataDir)
  await migrateApp(embedded.url)
  const database = createDatabase(embedded.url, { max: 10 })
  const { rows } = await database.pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name) values ('bench-hot@example.com', 'x', 'Bench', 'Hot', 'Hot Paths') returning id`)
  const token = await createSession(database.db, rows[0].id)
  // The home page: the built site's when there is one, else a page of the same order of size.
  const siteDir = path.join(dataDir, 'site')
  fs.mkdirSync(siteDir, { recursive: true })
  const built = path.join(root, '.data', 'site', 'dist', 'index.html')
  fs.writeFileSync(path.join(siteDir, 'index.html'), fs.existsSync(built) ? fs.readFileSync(built) : `<!doctype html><title>PermitDesk</title>${'<p>Trade promotion permits for every Australian state, done for you.</p>'.repeat(400)}`)
  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: embedded.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' })
  const api = createApp({ config, database, logger: silentLogger })
  const server = createGateway({ api, config, siteDir }).listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port, token, origin: config.publicOrigin })}\n`)
  })
  server.keepAliveTimeout = 60_000
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const shutdown = async () => {
    server.close()
    await database.close()
    await embedded.stop()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

function start(mode) {
  const child = spawn(process.execPath, [import.meta.filename, mode], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)))
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }))
  })
}

/** Requests and seconds with CONCURRENCY keep-alive clients for `seconds`; counts non-2xx as failures. */
async function load(port, { method, path: urlPath, headers = {}, body }, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  let done = 0
  let failures = 0
  const deadline = performance.now() + seconds * 1000
  const one = () =>
    new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, agent, headers: { 'accept-encoding': 'br, gzip', ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
        if (res.statusCode < 200 || res.statusCode >= 300) failures++
        res.resume()
        res.on('end', resolve)
      })
      req.on('error', () => (failures++, resolve()))
      req.end(body)
    })
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
    for (const { child } of [bare, app]) await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT')))
  }
}

if (process.argv[2] === '--bare') await serveBare()
else if (process.argv[2] === '--app') await serveApp()
else if (import.meta.filename === process.argv[1]) await run()
