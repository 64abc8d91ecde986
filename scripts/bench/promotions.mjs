/**
 * Promotions figures (issue 5): GET /api/promotion/list with 100,000 promotions in the database
 * (10,000 for the signed-in account), 20 concurrent clients, p50/p99 latency and requests per
 * second, beside the same figures for GET /api/health in the same run (the ratio is the figure).
 * Target: list p99 under 50 ms.
 *   node scripts/bench/promotions.mjs            (BENCH_SECONDS=10 BENCH_CONCURRENCY=20)
 * The API runs in a child process (the real createApp over an embedded PostgreSQL) so the load
 * generator does not share its event loop.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = path.join(root, '.test-data', 'bench-promotions')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 20)
const TOTAL = 100_000
const MINE = 10_000
const OTHER_USERS = 90

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
  const { calculateFees, ausStatesOf } = await import('../../shared/src/index.ts')

  fs.rmSync(dataDir, { recursive: true, force: true })
  const embedded = await startEmbeddedPostgres(dataDir)
  await migrateApp(embedded.url)
  const database = createDatabase(embedded.url, { max: 10 })
  const { pool } = database

  // Users: one bench account plus 90 others; promotions: 10,000 for the bench account, the rest spread over the others.
  await pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name)
    select 'bench-' || g || '@example.com', 'x', 'Bench', 'User ' || g, 'Bench account ' || g from generate_series(0, ${OTHER_USERS}) g`)
  const fees = calculateFees({ ausStates: ausStatesOf('nsw', 'act'), totalPrizeValue: 2_000_000, hasNswAuthority: false, winnersDrawnElectronically: false })
  const feeJson = JSON.stringify({ ...Object.fromEntries(Object.entries(fees).filter(([k]) => k.startsWith('feeDue_'))), isNSWIncludedButNotRequired: false, isACTIncludedButNotRequired: false, isSAIncludedButNotRequired: false, ruleSetId: fees.ruleSetId })
  const insert = (from, to, userExpr) =>
    pool.query(
      `insert into app.promotions (user_id, name, status_id, start_date, total_prize_value, state_nsw, state_act, state_vic, archived, fees, created_at, updated_at)
       select ${userExpr}, 'Promotion ' || g || ' ' || md5(g::text), 1 + (g % 15), date '2026-01-01' + (g % 700), 100000 + (g * 7919) % 50000000,
              g % 2 = 0, g % 3 = 0, g % 5 = 0, g % 10 = 0, $1::jsonb, now() - (g || ' minutes')::interval, now()
       from generate_series(${from}, ${to}) g`,
      [feeJson],
    )
  const { rows } = await pool.query(`select id from app.users where email = 'bench-0@example.com'`)
  const benchUser = rows[0].id
  await insert(1, MINE, String(benchUser))
  await insert(MINE + 1, TOTAL, `(select id from app.users where email = 'bench-' || (1 + g % ${OTHER_USERS}) || '@example.com')`)
  // A table in service has been vacuumed by autovacuum: index-only scans for the count.
  await pool.query('vacuum analyze app.promotions')
  const token = await createSession(database.db, benchUser)

  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: embedded.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' })
  const app = createApp({ config, database, logger: silentLogger })
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port, token, databaseUrl: process.env.BENCH_SHOW_DB ? embedded.url : undefined })}\n`)
  })
  const shutdown = async () => {
    server.close()
    await database.close()
    await embedded.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function load(url, headers) {
  const latencies = []
  let failures = 0
  const deadline = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now()
        const response = await fetch(url, { headers })
        await response.arrayBuffer()
        if (!response.ok) failures++
        latencies.push(performance.now() - t)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed, count: latencies.length, failures }
}

export async function run(report = console.log) {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout })
  const ready = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    lines.once('line', (line) => resolve(JSON.parse(line)))
  })
  try {
    const base = `http://127.0.0.1:${ready.port}`
    const headers = { cookie: `pd_session=${ready.token}` }
    const listUrl = `${base}/api/promotion/list?count=10&getTotal=true`
    const check = await fetch(listUrl, { headers }).then((r) => r.json())
    if (check.promotionCount !== MINE * 0.9) throw new Error(`list answered ${JSON.stringify(check).slice(0, 200)}`)
    // Warm both paths, then measure them one after the other in the same run.
    await load(`${base}/api/health`, headers)
    const health = await load(`${base}/api/health`, headers)
    const list = await load(listUrl, headers)
    const f = (r) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s (${r.count} requests, ${r.failures} failed)`
    report(`promotions: ${TOTAL.toLocaleString('en-AU')} promotions, ${MINE.toLocaleString('en-AU')} for the signed-in account (9,000 not archived), ${CONCURRENCY} concurrent clients, ${SECONDS} s each`)
    report(`promotions: GET /api/health           ${f(health)}`)
    report(`promotions: GET /api/promotion/list   ${f(list)}  (page of 10 by date with the total)`)
    report(`promotions: list / health: p50 x${(list.p50 / health.p50).toFixed(2)}, p99 x${(list.p99 / health.p99).toFixed(2)}, throughput ${(100 * list.rps / health.rps).toFixed(0)}% of health; target list p99 < 50 ms: ${list.p99 < 50 ? 'met' : 'NOT met'}`)
  } finally {
    await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT')))
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
