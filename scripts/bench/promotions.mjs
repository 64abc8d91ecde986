/**
 * Promotions figures (issue 5): GET /api/promotion/list with 100,000 promotions in the database
 * (10,000 for the signed-in account), 20 concurrent clients, p50/p99 latency and requests per
 * second, beside the same figures for GET /api/health in the same run (the ratio is the figure).
 * Target: list p99 under 50 ms.
 *   node scripts/bench/promotions.mjs            (BENCH_SECONDS=10 BENCH_CONCURRENCY=20)
 * The API runs in a child process (the real createApp over an embedded PostgreSQL) so the load
 * generator does not share its event loop.
 */
import { benchDataDir, describeLoad as f, fetchOk, listenAndAnnounce, load, startApiDatabase, startChild, stopChild, stopOnSignal } from './lib.mjs'

const dataDir = benchDataDir('promotions')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 20)
const TOTAL = 100_000
const MINE = 10_000
const OTHER_USERS = 90

async function serve() {
  const api = await startApiDatabase(dataDir)
  const { calculateFees, ausStatesOf } = await import('../../shared/src/index.ts')
  const { pool } = api

  // Users: one bench account plus 90 others; promotions: 10,000 for the bench account, the rest spread over the others.
  await pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name)
    select 'bench-' || g || '@example.com', 'x', 'Bench', 'User ' || g, 'Bench account ' || g from generate_series(0, ${OTHER_USERS}) g`)
  const fees = calculateFees({ ausStates: ausStatesOf('nsw', 'act'), totalPrizeValue: 2_000_000, hasNswAuthority: false, winnersDrawnElectronically: false })
  const feeJson = JSON.stringify({
    ...Object.fromEntries(Object.entries(fees).filter(([k]) => k.startsWith('feeDue_'))),
    isNSWIncludedButNotRequired: false,
    isACTIncludedButNotRequired: false,
    isSAIncludedButNotRequired: false,
    ruleSetId: fees.ruleSetId,
  })
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
  const token = await api.createSession(benchUser)

  const server = listenAndAnnounce(api.createApp(api.config()), { token, databaseUrl: process.env.BENCH_SHOW_DB ? api.embedded.url : undefined })
  stopOnSignal(dataDir, () => server.close(), api.stop)
}

/** CONCURRENCY clients getting `url` for SECONDS. */
const loadUrl = (url, headers) => load(SECONDS, CONCURRENCY, () => fetchOk(url, { headers }))

export async function run(report = console.log) {
  const ready = await startChild(import.meta.filename, ['--serve'])
  try {
    const base = `http://127.0.0.1:${ready.port}`
    const headers = { cookie: `pd_session=${ready.token}` }
    const listUrl = `${base}/api/promotion/list?count=10&getTotal=true`
    const check = await fetch(listUrl, { headers }).then((r) => r.json())
    if (check.promotionCount !== MINE * 0.9) throw new Error(`list answered ${JSON.stringify(check).slice(0, 200)}`)
    // Warm both paths, then measure them one after the other in the same run.
    await loadUrl(`${base}/api/health`, headers)
    const health = await loadUrl(`${base}/api/health`, headers)
    const list = await loadUrl(listUrl, headers)
    report(
      `promotions: ${TOTAL.toLocaleString('en-AU')} promotions, ${MINE.toLocaleString('en-AU')} for the signed-in account (9,000 not archived), ${CONCURRENCY} concurrent clients, ${SECONDS} s each`,
    )
    report(`promotions: GET /api/health           ${f(health)}`)
    report(`promotions: GET /api/promotion/list   ${f(list)}  (page of 10 by date with the total)`)
    report(
      `promotions: list / health: p50 x${(list.p50 / health.p50).toFixed(2)}, p99 x${(list.p99 / health.p99).toFixed(2)}, throughput ${((100 * list.rps) / health.rps).toFixed(0)}% of health; target list p99 < 50 ms: ${list.p99 < 50 ? 'met' : 'NOT met'}`,
    )
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
