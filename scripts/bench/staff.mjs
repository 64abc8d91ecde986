/**
 * Staff console figures (issue 13): at 100,000 promotions, the staff promotion search
 * (GET /api/admin/getPromotions, free text through the trigram index, and by account) and the
 * outstanding list (GET /api/promotion/getOutstanding), p50/p99 and requests per second with
 * concurrent clients, beside GET /api/health in the same run (the ratio is the figure).
 * Targets: search p99 < 100 ms; statistics p99 < 250 ms (issue 26).
 *   node scripts/bench/staff.mjs            (BENCH_SECONDS=5 BENCH_CONCURRENCY=10)
 * The API runs in a child process (the real createApp over an embedded PostgreSQL).
 */
import { benchDataDir, describeLoad as f, fetchOk, listenAndAnnounce, load, startApiDatabase, startChild, stopChild, stopOnSignal } from './lib.mjs'

const dataDir = benchDataDir('staff')
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10)
const TOTAL = 100_000
const USERS = 2_000

async function serve() {
  const api = await startApiDatabase(dataDir)
  const { pool } = api

  await pool.query(`insert into app.users (email, password_hash, first_name, last_name, account_name)
    select 'promoter-' || g || '@example.com', 'x', 'First' || g, 'Last' || g, 'Account ' || md5(g::text) from generate_series(1, ${USERS}) g`)
  const { rows: staffRows } = await pool.query(
    `insert into app.users (email, password_hash, first_name, last_name, account_name, is_staff) values ('staff@example.com', 'x', 'Sam', 'Staff', 'Staff', true) returning id`,
  )
  const fees =
    '{"feeDue_ACT":0,"feeDue_NSW":46800,"feeDue_SA":0,"feeDue_Service":30000,"feeDue_AbridgedTC":0,"feeDue_HostedTC":0,"feeDue_RandomDraw":0,"feeDue_SkillsBasedTC":0,"feeDue_TermsAndConditions":0,"feeDue_CCSurcharge":0,"feeDue_GST":3000,"feeDue_Total":79800,"feeDue_GrandTotal":79800,"isNSWIncludedButNotRequired":false,"isACTIncludedButNotRequired":false,"isSAIncludedButNotRequired":false,"ruleSetId":"bench"}'
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
  const token = await api.createSession(staffRows[0].id)
  const { rows: sample } = await pool.query(`select substr(md5('o' || 4242), 1, 6) as org, substr(md5(777::text), 1, 6) as name`)

  const server = listenAndAnnounce(api.createApp(api.config()), { token, org: sample[0].org, name: sample[0].name })
  stopOnSignal(dataDir, () => server.close(), api.stop)
}

/** CONCURRENCY clients for SECONDS, each request getting the next of `urls` in turn. */
function loadUrls(urls, headers) {
  let i = 0
  return load(SECONDS, CONCURRENCY, () => fetchOk(urls[i++ % urls.length], { headers }))
}

export async function run(report = console.log) {
  const ready = await startChild(import.meta.filename, ['--serve'])
  try {
    const base = `http://127.0.0.1:${ready.port}`
    const headers = { cookie: `pd_session=${ready.token}` }
    const search = (q) => `${base}/api/admin/getPromotions?q=${encodeURIComponent(q)}`
    const checks = {
      org: await fetch(search(ready.org), { headers }).then((r) => r.json()),
      permit: await fetch(search('NTP/4240'), { headers }).then((r) => r.json()),
      email: await fetch(search('promoter-77@'), { headers }).then((r) => r.json()),
    }
    if (!(checks.org.total >= 1 && checks.permit.total >= 1 && checks.email.total >= 1))
      throw new Error(`search answered ${JSON.stringify(checks).slice(0, 300)}`)
    const textSearches = [search(ready.org), search(ready.name), search('NTP/4240'), search('promoter-77@'), search('contact1234@')]
    const accountSearches = Array.from({ length: 20 }, (_, i) => `${base}/api/admin/getPromotions?account_id=${1 + i * 97}`)
    const outstanding = [`${base}/api/promotion/getOutstanding?useSaved=false`]
    await loadUrls([`${base}/api/health`], headers)
    const health = await loadUrls([`${base}/api/health`], headers)
    const text = await loadUrls(textSearches, headers)
    const account = await loadUrls(accountSearches, headers)
    const list = await loadUrls(outstanding, headers)
    // Issue 26: the statistics screen's call, unfiltered and with each filter staff use.
    const statisticsUrls = ['', '?state=NSW', '?service=managedSubmission', '?from=2026-01-01&to=2026-12-31', '?includeTest=true'].map(
      (q) => `${base}/api/admin/statistics${q}`,
    )
    // The first computation of each filter set is timed apart (cold); the load then reads what staff
    // meet while nothing changes: the figures computed once per data version.
    const coldStarted = performance.now()
    for (const url of statisticsUrls) await fetchOk(url, { headers })
    const statisticsCold = (performance.now() - coldStarted) / statisticsUrls.length
    const statistics = await loadUrls(statisticsUrls, headers)
    const rows = (await fetch(outstanding[0], { headers }).then((r) => r.json())).rows.length
    const ratio = (r) => `p50 x${(r.p50 / health.p50).toFixed(2)}, p99 x${(r.p99 / health.p99).toFixed(2)} of health`
    report(
      `staff: ${TOTAL.toLocaleString('en-AU')} promotions over ${USERS.toLocaleString('en-AU')} accounts, ${CONCURRENCY} concurrent clients, ${SECONDS} s each`,
    )
    report(`staff: GET /api/health                          ${f(health)}`)
    report(`staff: getPromotions free text (5 terms)        ${f(text)}  ${ratio(text)}; target p99 < 100 ms: ${text.p99 < 100 ? 'met' : 'NOT met'}`)
    report(`staff: getPromotions by account_id              ${f(account)}  ${ratio(account)}`)
    report(`staff: getOutstanding (${rows} rows, limit 500)    ${f(list)}  ${ratio(list)}`)
    report(
      `staff: statistics (5 filter sets)               ${f(statistics)}  ${ratio(statistics)}; target p99 < 250 ms: ${statistics.p99 < 250 ? 'met' : 'NOT met'}; first computation per filter set ${statisticsCold.toFixed(0)} ms`,
    )
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.url === `file://${process.argv[1]}`) await run()
