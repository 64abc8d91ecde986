/**
 * Staff console figures (issue 13): at 100,000 promotions, the staff promotion search
 * (GET /api/admin/getPromotions, free text through the trigram index, and by account) and the
 * outstanding list (GET /api/promotion/getOutstanding), p50/p99 and requests per second with
 * concurrent clients, beside GET /api/health in the same run (the ratio is the figure).
 * Target: search p99 < 100 ms.
 *   node scripts/bench/staff.mjs            (BENCH_SECONDS=5 BENCH_CONCURRENCY=10)
 * The API runs in a child process (the real createApp over an embedded PostgreSQL).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = path.join(root, '.test-data', 'bench-staff')
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10)
const TOTAL = 100_000
const USERS = 2_000

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
  const { pool } = database

  await pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name)
    select 'promoter-' || g || '@example.com', 'x', 'First' || g, 'Last' || g, 'Account ' || md5(g::text) from generate_series(1, ${USERS}) g`)
  const { rows: staffRows } = await pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name, is_staff) values ('staff@example.com', 'x', 'Sam', 'Staff', 'Staff', true) returning id`)
  const fees = '{"feeDue_ACT":0,"feeDue_NSW":46800,"feeDue_SA":0,"feeDue_Service":30000,"feeDue_AbridgedTC":0,"feeDue_HostedTC":0,"feeDue_RandomDraw":0,"feeDue_SkillsBasedTC":0,"feeDue_TermsAndConditions":0,"feeDue_CCSurcharge":0,"feeDue_GST":3000,"feeDue_Total":79800,"feeDue_GrandTotal":79800,"isNSWIncludedButNotRequired":false,"isACTIncludedButNotRequired":false,"isSAIncludedButNotRequired":false,"ruleSetId":"bench"}'
  // Each promotion: a name and an applicant organisation made of hashes (so a 6-character search
  // term matches few rows), one in twenty with an NSW permit number; statuses spread over all 15,
  // submitted up to 10 days ago.
  await pool.query(
    `insert into app.promotions (user_id, name, status_id, total_prize_value, state_nsw, state_act, fees, applicant, permit_numbers, submitted_at, created_at, updated_at)
     select 1 + (g % ${USERS}), 'Promotion ' || substr(md5(g::text), 1, 12), 1 + (g % 15), 1000000, true, g % 3 = 0, $1::jsonb,
            jsonb_build_object('organisation', 'Org ' || substr(md5('o' || g), 1, 10), 'contact', jsonb_build_object('firstName', 'C' || g, 'email', 'contact' || g || '@example.com')),
            case when g % 20 = 0 then jsonb_build_object('NSW', jsonb_build_object('number', 'NTP/' || g, 'approvalDate', '2026-01-01')) else '{}'::jsonb end,
            now() - ((g % 14400) || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
     from generate_series(1, ${TOTAL}) g`,
    [fees],
  )
  await pool.query('vacuum analyze app.promotions')
  await pool.query('vacuum analyze app.users')
  const token = await createSession(database.db, staffRows[0].id)
  const { rows: sample } = await pool.query(`select substr(md5('o' || 4242), 1, 6) as org, substr(md5(777::text), 1, 6) as name`)

  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: embedded.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' })
  const app = createApp({ config, database, logger: silentLogger })
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port, token, org: sample[0].org, name: sample[0].name })}\n`)
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

async function load(urls, headers) {
  const latencies = []
  let failures = 0
  let i = 0
  const deadline = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const url = urls[i++ % urls.length]
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
    const search = (q) => `${base}/api/admin/getPromotions?q=${encodeURIComponent(q)}`
    const checks = {
      org: await fetch(search(ready.org), { headers }).then((r) => r.json()),
      permit: await fetch(search('NTP/4240'), { headers }).then((r) => r.json()),
      email: await fetch(search('promoter-77@'), { headers }).then((r) => r.json()),
    }
    if (!(checks.org.total >= 1 && checks.permit.total >= 1 && checks.email.total >= 1)) throw new Error(`search answered ${JSON.stringify(checks).slice(0, 300)}`)
    const textSearches = [search(ready.org), search(ready.name), search('NTP/4240'), search('promoter-77@'), search('contact1234@')]
    const accountSearches = Array.from({ length: 20 }, (_, i) => `${base}/api/admin/getPromotions?account_id=${1 + i * 97}`)
    const outstanding = [`${base}/api/promotion/getOutstanding?useSaved=false`]
    await load([`${base}/api/health`], headers)
    const health = await load([`${base}/api/health`], headers)
    const text = await load(textSearches, headers)
    const account = await load(accountSearches, headers)
    const list = await load(outstanding, headers)
    const rows = (await fetch(outstanding[0], { headers }).then((r) => r.json())).rows.length
    const f = (r) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s (${r.count} requests, ${r.failures} failed)`
    const ratio = (r) => `p50 x${(r.p50 / health.p50).toFixed(2)}, p99 x${(r.p99 / health.p99).toFixed(2)} of health`
    report(`staff: ${TOTAL.toLocaleString('en-AU')} promotions over ${USERS.toLocaleString('en-AU')} accounts, ${CONCURRENCY} concurrent clients, ${SECONDS} s each`)
    report(`staff: GET /api/health                          ${f(health)}`)
    report(`staff: getPromotions free text (5 terms)        ${f(text)}  ${ratio(text)}; target p99 < 100 ms: ${text.p99 < 100 ? 'met' : 'NOT met'}`)
    report(`staff: getPromotions by account_id              ${f(account)}  ${ratio(account)}`)
    report(`staff: getOutstanding (${rows} rows, limit 500)    ${f(list)}  ${ratio(list)}`)
  } finally {
    await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT')))
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
