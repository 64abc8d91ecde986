/**
 * Entries figures (issue 27).
 * Submit (BENCH_PARTS containing "submit"): the product as `npm start` starts it (test mode, bot
 * check in its test mode, BOT_CHECK=off), autocannon in its own process with BENCH_CONNECTIONS
 * (20) connections, for BENCH_SECONDS (60) each: `POST /api/entries/submit` (API key,
 * Idempotency-Key) and `POST /api/entries/enter` (the hosted form's endpoint), every request a
 * distinct entrant (e-mail, phone, key) except every 50th, which repeats the entrant before it and
 * is refused by the per-day limit of 1 (counted apart, not as errors); beside `GET /api/health` in
 * the same run (the ratio). Targets: ≥ 1,500 accepted/s, p99 < 150 ms, 0 errors. The accepted
 * count is checked against the rows in PostgreSQL. Each slice also shows PostgreSQL's counts per
 * entry stored (rows of app.entries read, WAL flushes), which do not depend on the machine's load.
 * BENCH_PARTS containing "express" as well: the same two slices again through Express (a forwarded
 * request, which the front door's fast path for entries hands on), beside them in the same run.
 * Screening and freeze (BENCH_PARTS containing "freeze"), at 1,000,000 entries (BENCH_ENTRIES=n):
 * (a) screening every entry (duplicates by e-mail, phone, name+postcode; bursts by address and
 *     device; disposable domains) in the server process: seconds and the process's peak RSS
 *     (targets < 60 s, < 300 MB);
 * (b) freezing the entries not excluded into the draw (POST /api/entries/freeze: the canonical rows
 *     and Merkle leaves stored at arrival streamed by one binary COPY through the draws upload path,
 *     proof index, commit) beside `sha256sum` of the same canonical file, in the same run (target
 *     within 2×), split into the rows out of PostgreSQL alone and the draws' commit path alone, and
 *     beside sha256sum over as many bytes as the construction hashes in all (decision 024). The
 *     freeze runs twice: right after the screening and decisions (their rewrites leave pages out
 *     of the visibility map: autovacuum's update threshold is 20% of the table), and after VACUUM.
 * The machine is shared: each line carries the load average at its time (`uptime`).
 *   npm run bench -- entries
 * The server is the real createApp over an embedded PostgreSQL in a child process started with the
 * Node flags of `npm start`. The rows are generated inside PostgreSQL (INSERT … SELECT over
 * generate_series, one statement: no rows cross the wire), with realistic duplicates, bursts and
 * disposable addresses.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
  autocannon,
  benchDataDir,
  benchHandler,
  fresh,
  listenAndAnnounce,
  registerAndSignIn,
  root,
  startApiDatabase,
  startChild,
  startStack,
  stopChild,
  stopOnSignal,
  sha256Input,
  writeRandomBytes,
} from './lib.mjs'

const dataDir = benchDataDir('entries')
const N = Number(process.env.BENCH_ENTRIES || 1_000_000)
const SERVER_FLAGS = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => /^--max-[a-z-]+=\d+$/.test(word))

const json = (res, body) => {
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

async function serve() {
  const api = await startApiDatabase(dataDir)
  const userId = await api.insertUser({ email: 'bench-entries@example.com', firstName: 'Bench', lastName: 'Entries', accountName: 'Bench Entries' })
  const { rows } = await api.pool.query(
    `insert into app.promotions (user_id, name, random_draw, fees) values ($1, 'Bench entries', true, '{}'::jsonb) returning id`,
    [userId],
  )
  const promotionId = rows[0].id
  await api.pool.query(`insert into app.entry_forms (promotion_id, code, status) values ($1, 'bench', 'open')`, [promotionId])
  const token = await api.createSession(userId)
  const app = api.createApp(api.config())
  const { screenPromotion } = await import('../../api/src/modules/entries/screening-run.ts')
  const rss = () => ({ maxRssBytes: process.resourceUsage().maxRSS * 1024, rssBytes: process.memoryUsage().rss })
  // The peak is the process's since its start unless reset: writing 5 to clear_refs (Linux) resets it, so
  // each phase's line reports its own peak, not the seeding's or an earlier phase's.
  const resetPeak = () => fs.writeFileSync('/proc/self/clear_refs', '5')
  const { createStorage } = await import('../../api/src/storage/create-storage.ts')
  const storage = createStorage(api.config())
  const routes = {
    rss: (_req, res) => json(res, rss()),
    resetPeak: (_req, res) => {
      resetPeak()
      json(res, rss())
    },
    // The newest committed draw's canonical file as stored (the download neutralises formula-like cells), copied to the data directory.
    canonical: async (_req, res) => {
      const { rows: draws } = await api.pool.query(
        `select entries_key from app.draws where promotion_id = $1 and committed_at is not null order by id desc limit 1`,
        [promotionId],
      )
      const file = path.join(dataDir, 'canonical.csv')
      const { pipeline } = await import('node:stream/promises')
      await pipeline(await storage.get(draws[0].entries_key), fs.createWriteStream(file))
      json(res, { file })
    },
    // n entries, one statement: every 50th repeats the e-mail before it, every 200th is at a
    // disposable domain, phones repeat every 990,000, 1,000 entries come in bursts of 100 from one
    // address within 5 s; the rest arrive 50 ms apart from addresses each used 5 times, hours apart.
    seed: async (_req, res) => {
      const n = N // the child inherits BENCH_ENTRIES (the bench routes take no query)
      const start = performance.now()
      await api.pool.query(
        `insert into app.entries (promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash, canonical)
         select $1, 'api', e.at, '2026-11-20',
                jsonb_build_object('name', 'Entrant ' || i, 'email', e.email, 'phone', e.phone, 'postcode', e.postcode, 'state', 'NSW'),
                e.email, e.phone, 'entrant ' || i || '|' || e.postcode, 'e:' || e.email,
                case when i between 500000 and 500999 then 'burst-' || (i / 100) else 'ip-' || (i % 200000) end,
                'dev-' || (i % 300000),
                -- the row the channels store at arrival for these fields (checked below against the code that writes it)
                ',E. ' || left(i::text, 1) || '.,' || left(e.email, 1) || '***@' || split_part(e.email, '@', 2) || ',+********' || right(e.phone, 3) || ',NSW,' || e.postcode || E'\n'
           from generate_series(1, $2::int) as i,
                lateral (select timestamptz '2026-11-01 00:00+11' + make_interval(secs => case when i between 500000 and 500999 then 25000 + (i / 100) * 60 + (i % 100) * 0.05 else i * 0.05 end) as at,
                                case when i % 200 = 0 then 'person' || i || '@mailinator.com' when i % 50 = 0 then 'person' || (i - 1) || '@example.com' else 'person' || i || '@example.com' end as email,
                                '+614' || lpad((i % 990000)::text, 8, '0') as phone,
                                (2000 + i % 1000)::text as postcode) e`,
        [promotionId, n],
      )
      const seconds = (performance.now() - start) / 1000
      const { canonicalAfterNumber } = await import('../../api/src/modules/entries/canonical-entry.ts')
      const { fillMissingCanonical } = await import('../../api/src/modules/entries/freeze-entries.ts')
      const { rows: sample } = await api.pool.query(`select fields, canonical from app.entries where promotion_id = $1 and id % 997 = 0`, [promotionId])
      for (const row of sample) {
        if (row.canonical !== canonicalAfterNumber(row.fields))
          throw new Error(`seeded canonical ${JSON.stringify(row.canonical)} is not the channels' ${JSON.stringify(canonicalAfterNumber(row.fields))}`)
      }
      // A real million holds names with commas and quotes, whose canonical rows are quoted: five, the first near the start
      // (an upload's reader sends the rest of the file through csv-parse from the first one; the freeze's trusted path does not).
      const { rows: quoted } = await api.pool.query(`select id, fields from app.entries where promotion_id = $1 and id % 200000 = 7`, [promotionId])
      for (const row of quoted) {
        const fields = { ...row.fields, name: `Zo\u00eb "Ace" O'Brien, Jr ${row.id}` }
        await api.pool.query(`update app.entries set fields = $2, canonical = $3 where id = $1`, [row.id, fields, canonicalAfterNumber(fields)])
      }
      // Rows from before migration 0043 have none: the freeze fills them by the same code (timed on the first 50,000).
      const { rowCount: cleared } = await api.pool.query(
        `update app.entries set canonical = null where id in (select id from app.entries where promotion_id = $1 order by id limit 50000)`,
        [promotionId],
      )
      const fillStart = performance.now()
      const filled = await fillMissingCanonical(api.database.db, promotionId)
      const fillSeconds = (performance.now() - fillStart) / 1000
      if (filled !== cleared) throw new Error(`filled ${filled} of ${cleared}`)
      await api.pool.query('vacuum analyze app.entries')
      json(res, { seconds, filled, fillSeconds, quoted: quoted.length })
    },
    screen: async (_req, res) => {
      resetPeak()
      const before = rss()
      const start = performance.now()
      const counts = await screenPromotion({ database: api.database, logger: api.logger }, promotionId)
      json(res, { seconds: (performance.now() - start) / 1000, counts, before, after: rss() })
    },
    // The rows out of PostgreSQL alone, drained: the freeze's COPY (FORMAT binary) as bytes, then as the
    // canonical file's bytes (framing dropped), written to a file the commit path then reads alone.
    rowsOut: async (_req, res) => {
      const { canonicalRowsToFreeze, freezeRowsQuery } = await import('../../api/src/modules/entries/freeze.repository.ts')
      const { frozenCsv } = await import('../../api/src/modules/entries/freeze-entries.ts')
      const statement = freezeRowsQuery(promotionId)
      const { rows: plan } = await api.pool.query(`explain (analyze, buffers) ${statement}`)
      const { to: copyTo } = await import('pg-copy-streams')
      const client = await api.pool.connect()
      let start = performance.now()
      let rawBytes = 0
      try {
        const stream = client.query(copyTo(`copy (${statement}) to stdout (format binary)`))
        for await (const chunk of stream) rawBytes += chunk.length
      } finally {
        client.release()
      }
      const rawSeconds = (performance.now() - start) / 1000
      // The rows and their leaves (hashed by PostgreSQL at arrival), as the freeze reads them, written to two files.
      const file = path.join(dataDir, 'rows-out.csv')
      const leavesFile = path.join(dataDir, 'rows-out.leaves')
      start = performance.now()
      const rowsOut = fs.createWriteStream(file)
      const leavesOut = fs.createWriteStream(leavesFile)
      const write = (stream, bytes) => (stream.write(bytes) ? undefined : new Promise((resolve) => stream.once('drain', resolve)))
      for await (const { bytes, leaves } of frozenCsv(canonicalRowsToFreeze(api.pool, promotionId))) {
        await write(rowsOut, bytes)
        if (leaves.length) await write(leavesOut, leaves)
      }
      await Promise.all([rowsOut, leavesOut].map((stream) => new Promise((resolve) => stream.end(resolve))))
      const rowsSeconds = (performance.now() - start) / 1000
      json(res, {
        plan: plan.map((r) => r['QUERY PLAN']),
        rawSeconds,
        rawBytes,
        rowsSeconds,
        bytes: fs.statSync(file).size,
        leafBytes: fs.statSync(leavesFile).size,
        file,
      })
    },
    // The draw's commit path alone over the same bytes (ingestEntries: canonical check, hash, row index,
    // Merkle blocks and proof index, storage; then the root as the commit reads it), its files removed after.
    commitAlone: async (req, res) => {
      const { ingestEntries } = await import('../../api/src/modules/draws/ingest-entries.ts')
      const { entriesRootAtCommit, deleteProofIndex } = await import('../../api/src/modules/draws/proof-index.ts')
      const { rowIndexKey } = await import('../../api/src/modules/draws/row-index.ts')
      const { Readable } = await import('node:stream')
      // `trusted` as the freeze runs it; then the same file as an upload (every line checked, csv-parse from the first quote).
      const once = async (trusted) => {
        // As the freeze hands them over: each chunk of rows with the next run of leaves (read from the leaves file beside).
        async function* withLeaves() {
          const leaves = fs.createReadStream(path.join(dataDir, 'rows-out.leaves'), { highWaterMark: 32 * 2048 })[Symbol.asyncIterator]()
          for await (const bytes of fs.createReadStream(path.join(dataDir, 'rows-out.csv'))) {
            const next = await leaves.next()
            yield { bytes, leaves: next.done ? Buffer.alloc(0) : next.value }
          }
          for (let next = await leaves.next(); !next.done; next = await leaves.next()) yield { bytes: Buffer.alloc(0), leaves: next.value }
        }
        const start = performance.now()
        const stored = await ingestEntries(storage, trusted ? Readable.from(withLeaves()) : fs.createReadStream(path.join(dataDir, 'rows-out.csv')), {
          limitBytes: Number.MAX_SAFE_INTEGER,
          trusted,
          leaves: trusted,
        })
        const ingestSeconds = (performance.now() - start) / 1000
        const { entriesRoot } = await entriesRootAtCommit(storage, stored.key)
        const seconds = (performance.now() - start) / 1000
        await storage.delete(stored.key)
        await storage.delete(rowIndexKey(stored.key)).catch(() => {})
        await deleteProofIndex(storage, stored.key)
        return { seconds, ingestSeconds, entriesHash: stored.entriesHash, entriesRoot }
      }
      json(res, await once(!req.url.endsWith('Upload')))
    },
    // The same file as an upload, after the freeze (its csv-parse run would raise the peak RSS the freeze line reports).
    commitAloneUpload: (req, res) => routes.commitAlone(req, res),
    // What autovacuum does when enough of the table changed: sets the visibility map of the pages the screening and decisions rewrote.
    vacuum: async (_req, res) => {
      const start = performance.now()
      await api.pool.query('vacuum app.entries')
      json(res, { seconds: (performance.now() - start) / 1000 })
    },
    // The form open again and its draw forgotten, so the same entries can be frozen a second time (after VACUUM).
    reopen: async (_req, res) => {
      await api.pool.query(`update app.entry_forms set status = 'open', frozen_at = null, frozen_draw_id = null where promotion_id = $1`, [promotionId])
      json(res, {})
    },
    // The promoter's decision on every duplicate (one statement: the bench is not about the decide call).
    exclude: async (_req, res) => {
      const { rowCount } = await api.pool.query(
        `update app.entries set decision = 'exclude', decision_reason = 'One entry per person', decision_clause = '7', decided_at = now(), decided_by = $2
          where promotion_id = $1 and flags @> '[{"kind":"duplicate-email"}]'::jsonb and not flags @> '[{"kind":"duplicate-email","original":true}]'::jsonb`,
        [promotionId, userId],
      )
      json(res, { excluded: rowCount })
    },
  }
  const server = listenAndAnnounce(http.createServer(benchHandler(app, { routes })), { token, promotionId })
  stopOnSignal(dataDir, () => server.close(), api.stop)
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`

const SECONDS = Number(process.env.BENCH_SECONDS || 60)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const PORT = Number(process.env.BENCH_PORT || 3937)
const REPEAT_EVERY = 50
const PARTS = (process.env.BENCH_PARTS || 'submit,freeze').split(',')

/** The stack's own database (the embedded PostgreSQL in its data directory): port from its postmaster.pid. */
function stackPool(stackDir) {
  const port = fs
    .readFileSync(path.join(stackDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim()
  const password = fs.readFileSync(path.join(stackDir, '.pg-password'), 'utf8').trim()
  return new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/permitdesk`, max: 2 })
}

/** A promotion with the draw service and an open form (period around today, one entry a day), inserted as a fixture; its id and form code. */
async function openForm(pool, email) {
  const { rows: users } = await pool.query('select id from app.users where email = $1', [email])
  const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date())
  const day = (offset) => new Date(Date.parse(sydneyToday) + offset * 86_400_000).toISOString().slice(0, 10)
  const permit = { startDate: day(-1), startTime: '00:00', endDate: day(30), endTime: '17:00', entriesPerDay: 1 }
  const { rows } = await pool.query(
    `insert into app.promotions (user_id, name, random_draw, fees, permit) values ($1, 'Bench submit', true, '{}'::jsonb, $2::jsonb) returning id`,
    [users[0].id, JSON.stringify(permit)],
  )
  const fields = {
    name: 'required',
    email: 'required',
    phone: 'required',
    postcode: 'required',
    state: 'required',
    dateOfBirth: 'off',
    receiptNumber: 'off',
    answer: 'off',
    question: '',
    wordLimit: 25,
    consents: [{ id: 'terms', label: 'I have read the terms and conditions', required: true }],
  }
  await pool.query(`insert into app.entry_forms (promotion_id, code, status, fields) values ($1, 'benchsubmit', 'open', $2::jsonb)`, [
    rows[0].id,
    JSON.stringify(fields),
  ])
  return { promotionId: rows[0].id, code: 'benchsubmit' }
}

const ENTRY = {
  name: 'Sam Entrant __PERSON__',
  email: 'sam.__PERSON__@example.com',
  phone: '04__DIGITS__',
  postcode: '2000',
  state: 'NSW',
  consents: { terms: true },
}

/**
 * PostgreSQL's own counts, load-independent beside a slice's rates: rows of app.entries read (by scans
 * or index probes) and WAL flushes by client backends. Read per entry, they show a plan that reads
 * the promotion's entries for each new one (the regression of 05:16), or commits not grouped.
 */
async function databaseCounts(pool) {
  // Counters are flushed by each backend within a second or so of its last transaction.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const { rows } = await pool.query(
    `select (select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) from pg_stat_all_tables where relid = 'app.entries'::regclass)::bigint as "entriesRead",
            (select n_tup_ins from pg_stat_all_tables where relid = 'app.entries'::regclass)::bigint as "entriesInserted",
            (select coalesce(sum(fsyncs), 0) from pg_stat_io where object = 'wal' and backend_type = 'client backend')::bigint as "walFlushes"`,
  )
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]))
}

const describeCounts = (before, after) => {
  const inserted = Math.max(1, after.entriesInserted - before.entriesInserted)
  return `   PostgreSQL: ${((after.entriesRead - before.entriesRead) / inserted).toFixed(1)} entries rows read and ${((after.walFlushes - before.walFlushes) / inserted).toFixed(2)} WAL flushes per entry stored`
}

/**
 * CPU seconds used so far by the server process and by PostgreSQL (the postmaster and every process
 * it started), from /proc: per entry stored, they show where an entry's cost goes whatever else
 * the shared machine is running (a rate alone moves with the others' load).
 */
function cpuSeconds(serverPid, stackDir) {
  const ticks = (pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return { ppid: Number(fields[1]), used: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) }
    } catch {
      return undefined
    }
  }
  const postmaster = Number(fs.readFileSync(path.join(stackDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
  // With the time of its children that have exited (a backend ending mid-slice moves its time there, not away).
  const main = ticks(postmaster)
  let postgres = (main?.used ?? 0) + (main?.children ?? 0)
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const t = ticks(name)
    if (t?.ppid === postmaster) postgres += t.used
  }
  // Clock ticks are 1/100 s on Linux.
  return { server: (ticks(serverPid)?.used ?? 0) / 100, postgres: postgres / 100 }
}

const describeCpu = (before, after, entries) =>
  `   CPU per entry stored: server ${((1000 * (after.server - before.server)) / Math.max(1, entries)).toFixed(2)} ms, PostgreSQL ${((1000 * (after.postgres - before.postgres)) / Math.max(1, entries)).toFixed(2)} ms`

/** One figure line: accepted per second, p99, errors, repeats refused, ratio to health. */
function describeSubmit(name, r, healthRps) {
  const accepted = r.requests - r.non2xx
  const acceptedRps = accepted / SECONDS
  // Every 4xx must be the refused half of an answered repeat pair, and every answered pair must have one (see lib.mjs distinct).
  const errors = r.errors + r.timeouts + r.status5xx + Math.max(0, r.status4xx - r.repeatPairsOk) + (r.repeatPairs - r.repeatPairsOk)
  const met = acceptedRps >= 1500 && r.p99 < 150 && errors === 0
  const inFlight = r.repeats - r.repeatPairs
  return `${name}: ${acceptedRps.toFixed(0)} accepted/s (target ≥ 1,500) p50 ${r.p50} ms p99 ${r.p99} ms (target < 150)   ${errors} errors   ${r.repeatPairsOk} of ${r.repeatPairs} repeated entrants accepted once and refused once by the per-day limit${inFlight ? ` (${inFlight} more unanswered at the slice's end)` : ''}   ratio to /api/health ${(r.rps / healthRps).toFixed(2)}   ${met ? 'met' : 'NOT met'}   load ${load()}`
}

export async function runSubmit(report = console.log) {
  const stackDir = benchDataDir('entries-submit')
  let stack
  let pool
  try {
    stack = await startStack({ port: PORT, dataDir: stackDir })
    const base = `http://127.0.0.1:${PORT}`
    const email = 'bench-submit@example.com'
    const cookie = await registerAndSignIn(base, stackDir, { email, password: 'correct horse battery staple' })
    const created = await fetch(`${base}/api/apiKey/create`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench agency' }),
    })
    if (!created.ok) throw new Error(`apiKey/create: ${created.status} ${await created.text()}`)
    const { key } = await created.json()
    pool = stackPool(stackDir)
    const { promotionId, code } = await openForm(pool, email)
    const api = {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'bench-__REQUEST__' },
      body: JSON.stringify({ promotionId, entry: ENTRY }),
      distinct: { repeatEvery: REPEAT_EVERY },
    }
    const form = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'bench __PERSON__' },
      body: JSON.stringify({ code, entry: ENTRY, device: 'device-__PERSON__' }),
      distinct: { repeatEvery: REPEAT_EVERY },
    }
    // One of each by hand first: a set-up mistake shows as its answer, not as a slice of 4xx.
    for (const [url, call] of [
      [`${base}/api/entries/submit`, api],
      [`${base}/api/entries/enter`, form],
    ]) {
      const fill = (text) => text.replaceAll('__PERSON__', 'first').replaceAll('__DIGITS__', '00000001').replaceAll('__REQUEST__', 'first')
      const headers = Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k, fill(v)]))
      const first = await fetch(url, { method: 'POST', headers, body: fill(call.body) })
      if (first.status !== 201) throw new Error(`${url}: ${first.status} ${await first.text()}`)
      ;(await pool.query('delete from app.entries where promotion_id = $1', [promotionId])).rowCount
    }
    // Warm-up (JIT, pools, caches): a few seconds of each; its entries count like the rest.
    const warm = Math.min(3, SECONDS)
    const warmups = [
      await autocannon(`${base}/api/health`, { seconds: warm, connections: CONNECTIONS }),
      await autocannon(`${base}/api/entries/submit`, { ...api, seconds: warm, connections: CONNECTIONS }),
      await autocannon(`${base}/api/entries/enter`, { ...form, seconds: warm, connections: CONNECTIONS }),
    ]
    const health = await autocannon(`${base}/api/health`, { seconds: Math.min(SECONDS, 10), connections: CONNECTIONS })
    report(`GET /api/health: ${health.rps.toFixed(0)} req/s p99 ${health.p99} ms (${CONNECTIONS} connections)   load ${load()}`)
    const beforeApi = await databaseCounts(pool)
    const cpuBeforeApi = cpuSeconds(stack.child.pid, stackDir)
    const viaApi = await autocannon(`${base}/api/entries/submit`, { ...api, seconds: SECONDS, connections: CONNECTIONS })
    const cpuAfterApi = cpuSeconds(stack.child.pid, stackDir)
    const apiLine = describeSubmit(`POST /api/entries/submit (API key, Idempotency-Key) ${SECONDS} s`, viaApi, health.rps)
    const beforeForm = await databaseCounts(pool)
    report(apiLine + describeCounts(beforeApi, beforeForm) + describeCpu(cpuBeforeApi, cpuAfterApi, beforeForm.entriesInserted - beforeApi.entriesInserted))
    const cpuBeforeForm = cpuSeconds(stack.child.pid, stackDir)
    const viaForm = await autocannon(`${base}/api/entries/enter`, { ...form, seconds: SECONDS, connections: CONNECTIONS })
    const cpuAfterForm = cpuSeconds(stack.child.pid, stackDir)
    const formLine = describeSubmit(`POST /api/entries/enter (hosted form, bot check test mode) ${SECONDS} s`, viaForm, health.rps)
    const afterForm = await databaseCounts(pool)
    report(formLine + describeCounts(beforeForm, afterForm) + describeCpu(cpuBeforeForm, cpuAfterForm, afterForm.entriesInserted - beforeForm.entriesInserted))
    // BENCH_PARTS containing "express": the same two slices again through Express in the same run (the
    // front door's fast path for entries, api/src/http/entry-hot-paths.ts, hands a forwarded request on
    // unread: X-Forwarded-For from the bench's loopback, which TRUST_PROXY trusts by default), so the
    // fast path's gain is read beside it under the same load.
    const viaExpress = []
    if (PARTS.includes('express')) {
      const forwarded = { 'x-forwarded-for': '192.0.2.10' }
      for (const [name, url, call] of [
        ['POST /api/entries/submit through Express', `${base}/api/entries/submit`, api],
        ['POST /api/entries/enter through Express', `${base}/api/entries/enter`, form],
      ]) {
        const before = await databaseCounts(pool)
        const cpuBefore = cpuSeconds(stack.child.pid, stackDir)
        const r = await autocannon(url, { ...call, headers: { ...call.headers, ...forwarded }, seconds: SECONDS, connections: CONNECTIONS })
        const cpuAfter = cpuSeconds(stack.child.pid, stackDir)
        const after = await databaseCounts(pool)
        viaExpress.push(r)
        report(
          describeSubmit(`${name} (X-Forwarded-For) ${SECONDS} s`, r, health.rps) +
            describeCounts(before, after) +
            describeCpu(cpuBefore, cpuAfter, after.entriesInserted - before.entriesInserted),
        )
      }
    }
    // Every answered 201 is a row: the accepted count is the database's, not only the client's.
    const answered201 = [...warmups.slice(1), viaApi, viaForm, ...viaExpress].reduce((sum, r) => sum + r.requests - r.non2xx, 0)
    const { rows } = await pool.query('select count(*)::int as n from app.entries where promotion_id = $1', [promotionId])
    report(
      `entries stored ${rows[0].n.toLocaleString('en-AU')} (acknowledged ${answered201.toLocaleString('en-AU')}; in flight at a slice's end may be stored unanswered)`,
    )
  } finally {
    await pool?.end()
    if (stack) await stopChild(stack.child)
  }
}

export async function run(report = console.log) {
  if (PARTS.includes('submit')) await runSubmit(report)
  if (PARTS.includes('freeze')) await runFreeze(report)
}

/** sha256sum's time over `file`, its pages cached first. */
function sha256sumSeconds(file) {
  execFileSync('cat', [file], { stdio: ['ignore', 'ignore', 'inherit'] }) // warm the page cache
  const start = performance.now()
  execFileSync('sha256sum', [file], { stdio: ['ignore', 'ignore', 'inherit'] })
  return (performance.now() - start) / 1000
}

/** sha256sum's time over a file of `bytes` random bytes (nothing compresses or is skipped), removed after. */
function sha256sumOfBytes(bytes) {
  const file = path.join(dataDir, 'sha256-input.bin')
  writeRandomBytes(file, bytes)
  try {
    return sha256sumSeconds(file)
  } finally {
    fs.rmSync(file, { force: true })
  }
}

async function runFreeze(report) {
  const ready = await startChild(import.meta.filename, ['--serve'], { nodeFlags: SERVER_FLAGS })
  const base = `http://127.0.0.1:${ready.port}`
  const cookie = `pd_session=${ready.token}`
  const bench = async (name) => {
    const response = await fresh(`${base}/__bench/${name}`)
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const post = async (p, body) => {
    const response = await fresh(`${base}${p}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = await response.json()
    if (!response.ok) throw new Error(`${p}: ${response.status} ${JSON.stringify(answer)}`)
    return answer
  }
  try {
    const idle = await bench('rss')
    report(`server flags: ${SERVER_FLAGS.join(' ') || '(none)'}; RSS at start ${mb(idle.rssBytes)}`)
    const seeded = await bench('seed')
    report(`seeded ${N.toLocaleString('en-AU')} entries in ${seeded.seconds.toFixed(1)} s (INSERT … SELECT in PostgreSQL)   load ${load()}`)
    report(
      `canonical rows stored at arrival (seeded in SQL, a sample checked against the channels' code); rows from before 0043 filled at the freeze: ${seeded.filled.toLocaleString('en-AU')} in ${seeded.fillSeconds.toFixed(2)} s (${Math.round(seeded.filled / seeded.fillSeconds).toLocaleString('en-AU')}/s); ${seeded.quoted} names with a comma and quotes (quoted canonical rows, the first near the start); then VACUUM, as autovacuum does while entries arrive over weeks   load ${load()}`,
    )

    const screened = await bench('screen')
    const c = screened.counts
    report(
      `screening      ${screened.seconds.toFixed(1).padStart(6)} s (target < 60 s)   server peak RSS while screening ${mb(screened.after.maxRssBytes)} (target < 300 MB; ${mb(screened.before.rssBytes)} before)   flagged ${c.flagged.toLocaleString('en-AU')} in ${c.groups.toLocaleString('en-AU')} groups   load ${load()}`,
    )
    const { excluded } = await bench('exclude')

    const plan = (rows) =>
      rows
        .filter((line) => /Scan|Sort|Heap Fetches|Execution|Buffers/.test(line))
        .map((line) => line.trim())
        .join(' | ')
    const rowsLine = (r) =>
      `COPY … (FORMAT binary) of rows and leaves drained as bytes (${(r.rawBytes / 1e6).toFixed(1)} MB) ${r.rawSeconds.toFixed(2)} s; as the canonical file's bytes and the leaves (${(r.bytes / 1e6).toFixed(1)} + ${(r.leafBytes / 1e6).toFixed(1)} MB, framing dropped, written to two files) ${r.rowsSeconds.toFixed(2)} s   load ${load()}`
    // As at the close right after the screening and the decisions: their rewrites (a few % of the rows, under autovacuum's
    // default 20% + 50) leave about half the pages out of the visibility map, so the index-only scan visits the heap there.
    const out = await bench('rowsOut')
    report(`plan of the freeze's rows (right after the screening and decisions, no vacuum since): ${plan(out.plan)}`)
    report(`rows and leaves out of PostgreSQL: ${rowsLine(out)}`)
    const alone = await bench('commitAlone')
    report(
      `commit path alone over the same file and leaves (draws' ingestEntries, trusted with the leaves as the freeze runs it: hash, row index, the levels above the leaves, value table, storage; then the root) ${alone.seconds.toFixed(2)} s   load ${load()}`,
    )
    /** One freeze into a new draw, timed from the request to its answer. */
    const freezeOnce = async () => {
      const draw = await post('/api/draw/create', { promotionId: ready.promotionId, winners: 8, reserves: 2 })
      const start = performance.now()
      const frozen = await post('/api/entries/freeze', { promotionId: ready.promotionId, drawId: draw.id })
      const seconds = (performance.now() - start) / 1000
      if (frozen.entryCount !== N - excluded) throw new Error(`froze ${frozen.entryCount}, expected ${N - excluded}`)
      return { frozen, seconds }
    }
    await bench('resetPeak')
    const { frozen, seconds: freezeSeconds } = await freezeOnce()
    const after = await bench('rss')

    // The same canonical file: the draw's stored entries, copied out of the storage.
    const { file } = await bench('canonical')
    const hash = execFileSync('sha256sum', [file]).toString().split(' ')[0]
    if (hash !== frozen.entriesHash) throw new Error(`sha256sum ${hash} is not the frozen entriesHash ${frozen.entriesHash}`)
    const shaSeconds = sha256sumSeconds(file)
    report(
      `freeze         ${freezeSeconds.toFixed(2).padStart(6)} s for ${frozen.entryCount.toLocaleString('en-AU')} entries (${excluded.toLocaleString('en-AU')} excluded; no vacuum since the screening and decisions), ${(fs.statSync(file).size / 1e6).toFixed(1)} MB canonical   sha256sum ${shaSeconds.toFixed(2)} s   ratio ${(freezeSeconds / shaSeconds).toFixed(1)}× (target ≤ 2×)   server peak RSS while freezing ${mb(after.maxRssBytes)}   load ${load()}`,
    )
    if (alone.entriesHash !== frozen.entriesHash || alone.entriesRoot !== frozen.entriesRoot) throw new Error('the commit path alone gave another hash or root')
    report(
      `freeze split: rows and leaves out of PostgreSQL ${out.rowsSeconds.toFixed(2)} s = ${(out.rowsSeconds / shaSeconds).toFixed(1)}× sha256sum; commit (hash, root, index: the draws module) ${alone.seconds.toFixed(2)} s = ${(alone.seconds / shaSeconds).toFixed(1)}× sha256sum; the freeze runs them as one stream (whole ${freezeSeconds.toFixed(2)} s = ${(freezeSeconds / shaSeconds).toFixed(1)}×)`,
    )
    // The honest reference beside the literal line (as scripts/bench/draws.mjs prints for the upload, decision 023):
    // sha256sum over as many bytes as this freeze's construction feeds SHA-256 in all, whenever it is hashed.
    // The stored canonical file: rows only, no header line; leaf i here hashed by PostgreSQL when the entry arrived.
    const input = await sha256Input(file, { header: false })
    const referenceSeconds = sha256sumOfBytes(input.bytes)
    report(
      `same SHA-256 input: sha256sum ${(input.bytes / 1e6 / referenceSeconds).toFixed(1)} MB/s over ${(input.bytes / 1e6).toFixed(1)} MB (${referenceSeconds.toFixed(2)} s; file hash + ${input.rows.toLocaleString('en-AU')} leaves (hashed by PostgreSQL at arrival) + ${(input.rows - 1).toLocaleString('en-AU')} nodes = ${(input.bytes / input.canonical).toFixed(2)}× the canonical bytes, ${(input.blocks / input.fileBlocks).toFixed(2)}× its SHA-256 blocks)   freeze ${(freezeSeconds / referenceSeconds).toFixed(2)}× its time   load ${load()}`,
    )
    report(`entriesHash = sha256sum of the canonical file: ${hash === frozen.entriesHash ? 'yes' : 'no'}; public record: ${frozen.exclusionLines.join('; ')}`)
    const upload = await bench('commitAloneUpload')
    if (upload.entriesHash !== alone.entriesHash || upload.entriesRoot !== alone.entriesRoot) throw new Error('trusted and upload ingest differ')
    report(
      `the same file as an upload (every line checked, every leaf hashed; csv-parse from the first quoted row on) ${upload.seconds.toFixed(2)} s, against ${alone.seconds.toFixed(2)} s trusted with leaves   load ${load()}`,
    )
    // The same rows once autovacuum has caught up (what a freeze sees when a vacuum ran between the decisions and the close).
    const vacuum = await bench('vacuum')
    const outVacuumed = await bench('rowsOut')
    report(`VACUUM app.entries ${vacuum.seconds.toFixed(2)} s; then the plan: ${plan(outVacuumed.plan)}`)
    report(
      `rows and leaves out of PostgreSQL after VACUUM: ${rowsLine(outVacuumed)} (${(outVacuumed.rowsSeconds / shaSeconds).toFixed(1)}× sha256sum, against ${(out.rowsSeconds / shaSeconds).toFixed(1)}× before)`,
    )
    // And the whole freeze again over the same entries (the form reopened, a new draw), now that the visibility map is set.
    await bench('reopen')
    await bench('resetPeak')
    const again = await freezeOnce()
    const afterAgain = await bench('rss')
    if (again.frozen.entriesHash !== frozen.entriesHash || again.frozen.entriesRoot !== frozen.entriesRoot)
      throw new Error('the second freeze gave another hash or root')
    const shaAgain = sha256sumSeconds(file)
    report(
      `freeze after VACUUM ${again.seconds.toFixed(2).padStart(6)} s for the same ${again.frozen.entryCount.toLocaleString('en-AU')} entries   sha256sum ${shaAgain.toFixed(2)} s   ratio ${(again.seconds / shaAgain).toFixed(1)}× (target ≤ 2×)   same SHA-256 input ${(again.seconds / referenceSeconds).toFixed(2)}×   server peak RSS while freezing ${mb(afterAgain.maxRssBytes)}   load ${load()}`,
    )
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.filename === process.argv[1]) await run()
