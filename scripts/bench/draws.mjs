/**
 * Random draw figures (issue 15), at 1 million and 10 million entries, each beside its baseline
 * measured in the same run on the same file:
 * (a) upload + commit throughput in MB/s (POST /api/draw/uploadEntries streamed by curl, then
 *     /api/draw/commit) beside `sha256sum` of the file (the limit for that step); target ≥ 0.3×;
 * (b) the run (POST /api/draw/run, k = 10) beside `shuf -n 10` of the file; target no slower;
 * (c) the server's peak RSS (target < 300 MB at 10M).
 *   npm run bench -- draws          (BENCH_DRAW_SIZES=1000000,10000000 to choose)
 * Files are generated into a temporary directory and removed after. The API runs in a child
 * process (the real createApp over an embedded PostgreSQL), started with the Node flags of
 * `npm start` (and the Dockerfile), since they set the heap's young generation, which decides
 * most of the RSS.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = path.join(root, '.test-data', 'bench-draws')
const SIZES = (process.env.BENCH_DRAW_SIZES || '1000000,10000000').split(',').map(Number)
const K = 10
/** The V8 flags `npm start` gives the server (e.g. --max-semi-space-size=4). */
const SERVER_FLAGS = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => /^--max-[a-z-]+=\d+$/.test(word))

async function serve() {
  const { register } = await import('tsx/esm/api')
  register()
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
  const { rows: users } = await database.pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name)
    values ('bench-draws@example.com', 'x', 'Bench', 'Draws', 'Bench Draws') returning id`)
  const userId = users[0].id
  const { rows: promotions } = await database.pool.query(
    `insert into app.promotions (user_id, name, random_draw, fees) values ($1, 'Bench draw promotion', true, '{}'::jsonb) returning id`,
    [userId],
  )
  const token = await createSession(database.db, userId)
  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: embedded.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' })
  const app = createApp({ config, database, logger: silentLogger })
  const server = http.createServer((req, res) => {
    if (req.url === '/__bench/rss') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, rssBytes: process.memoryUsage().rss }))
      return
    }
    app(req, res)
  })
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port, token, promotionId: promotions[0].id })}\n`))
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

/** `n` entries like a real export: id, name, e-mail, postcode. */
async function writeEntries(file, n) {
  const out = fs.createWriteStream(file)
  out.write('entryId,name,email,postcode\n')
  let batch = ''
  for (let i = 1; i <= n; i++) {
    batch += `E${i},Entrant ${i},entrant${i}@example.com,${2000 + (i % 1000)}\n`
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await new Promise((r) => out.once('drain', r))
      batch = ''
    }
  }
  out.write(batch)
  await new Promise((r) => out.end(r))
}

const seconds = (start) => (performance.now() - start) / 1000
const time = (fn) => {
  const start = performance.now()
  fn()
  return seconds(start)
}

export async function run(report = console.log) {
  const child = spawn(process.execPath, [...SERVER_FLAGS, import.meta.filename, '--serve'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout })
  const ready = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    lines.once('line', (line) => resolve(JSON.parse(line)))
  })
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-draws-'))
  const base = `http://127.0.0.1:${ready.port}`
  const cookie = `pd_session=${ready.token}`
  const post = async (p, body) => {
    const response = await fetch(`${base}${p}`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const json = await response.json()
    if (!response.ok) throw new Error(`${p}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  try {
    const atStart = await (await fetch(`${base}/__bench/rss`)).json()
    report(`server flags: ${SERVER_FLAGS.join(' ') || '(none)'}; RSS at start (app loaded, idle): ${(atStart.rssBytes / 1e6).toFixed(0)} MB`)
    for (const n of SIZES) {
      const file = path.join(tmp, `entries-${n}.csv`)
      await writeEntries(file, n)
      const mb = fs.statSync(file).size / 1e6
      report(`-- ${n.toLocaleString('en-AU')} entries, ${mb.toFixed(1)} MB --`)
      execFileSync('cat', [file], { stdio: ['ignore', 'ignore', 'inherit'] }) // warm the page cache for both sides
      const shaSeconds = time(() => execFileSync('sha256sum', [file], { stdio: ['ignore', 'ignore', 'inherit'] }))

      const draw = await post('/api/draw/create', { promotionId: ready.promotionId, winners: K - 2, reserves: 2 })
      const start = performance.now()
      const uploaded = JSON.parse(
        execFileSync('curl', ['-sS', '--fail-with-body', '-H', `cookie: ${cookie}`, '-H', `origin: ${base}`, '-F', `id=${draw.id}`, '-F', `file=@${file};type=text/csv`, `${base}/api/draw/uploadEntries`], {
          maxBuffer: 1 << 20,
        }).toString(),
      )
      const commit = await post('/api/draw/commit', { id: draw.id })
      const uploadSeconds = seconds(start)
      if (uploaded.entryCount !== n || commit.entryCount !== n) throw new Error(`expected ${n} entries, got ${uploaded.entryCount}`)

      const afterUpload = await (await fetch(`${base}/__bench/rss`)).json()
      const runStart = performance.now()
      const result = await post('/api/draw/run', { id: draw.id })
      const runSeconds = seconds(runStart)
      if (result.winners.length + result.reserves.length !== K) throw new Error('wrong selection size')
      const shufSeconds = time(() => execFileSync('shuf', ['-n', String(K), file], { stdio: ['ignore', 'ignore', 'inherit'] }))
      const rss = await (await fetch(`${base}/__bench/rss`)).json()

      const shaRate = mb / shaSeconds
      const uploadRate = mb / uploadSeconds
      report(`upload+commit  ${uploadRate.toFixed(1).padStart(8)} MB/s (${uploadSeconds.toFixed(2)} s)   sha256sum ${shaRate.toFixed(1)} MB/s (${shaSeconds.toFixed(2)} s)   ratio ${(uploadRate / shaRate).toFixed(2)}× (target ≥ 0.30×)`)
      report(`run k=${K}       ${(runSeconds * 1000).toFixed(0).padStart(8)} ms              shuf -n ${K} ${(shufSeconds * 1000).toFixed(0)} ms   ratio ${(runSeconds / shufSeconds).toFixed(2)}× of shuf's time (target ≤ 1.00×)`)
      report(`server peak RSS ${(rss.maxRssBytes / 1e6).toFixed(0)} MB so far (${(afterUpload.maxRssBytes / 1e6).toFixed(0)} MB after upload+commit; target < 300 MB at 10M)`)
      fs.rmSync(file, { force: true })
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
    await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT')))
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.filename === process.argv[1]) await run()
