/**
 * Entries figures (issue 27), screening and freeze half, at 1,000,000 entries (BENCH_ENTRIES=n):
 * (a) screening every entry (duplicates by e-mail, phone, name+postcode; bursts by address and
 *     device; disposable domains) in the server process: seconds and the process's peak RSS
 *     (targets < 60 s, < 300 MB);
 * (b) freezing the entries not excluded into the draw (POST /api/entries/freeze: the canonical CSV
 *     generated from a cursor, stored through the draws upload path, proof index, commit) beside
 *     `sha256sum` of the same canonical file, in the same run (target within 2×).
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
import { benchDataDir, benchHandler, listenAndAnnounce, root, startApiDatabase, startChild, stopChild, stopOnSignal } from './lib.mjs'

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
  const { createStorage } = await import('../../api/src/storage/create-storage.ts')
  const storage = createStorage(api.config())
  const routes = {
    rss: (_req, res) => json(res, rss()),
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
        `insert into app.entries (promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash)
         select $1, 'api', e.at, '2026-11-20',
                jsonb_build_object('name', 'Entrant ' || i, 'email', e.email, 'phone', e.phone, 'postcode', e.postcode, 'state', 'NSW'),
                e.email, e.phone, 'entrant ' || i || '|' || e.postcode, 'e:' || e.email,
                case when i between 500000 and 500999 then 'burst-' || (i / 100) else 'ip-' || (i % 200000) end,
                'dev-' || (i % 300000)
           from generate_series(1, $2::int) as i,
                lateral (select timestamptz '2026-11-01 00:00+11' + make_interval(secs => case when i between 500000 and 500999 then 25000 + (i / 100) * 60 + (i % 100) * 0.05 else i * 0.05 end) as at,
                                case when i % 200 = 0 then 'person' || i || '@mailinator.com' when i % 50 = 0 then 'person' || (i - 1) || '@example.com' else 'person' || i || '@example.com' end as email,
                                '+614' || lpad((i % 990000)::text, 8, '0') as phone,
                                (2000 + i % 1000)::text as postcode) e`,
        [promotionId, n],
      )
      await api.pool.query('analyze app.entries')
      json(res, { seconds: (performance.now() - start) / 1000 })
    },
    screen: async (_req, res) => {
      const before = rss()
      const start = performance.now()
      const counts = await screenPromotion({ database: api.database, logger: api.logger }, promotionId)
      json(res, { seconds: (performance.now() - start) / 1000, counts, before, after: rss() })
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

export async function run(report = console.log) {
  const ready = await startChild(import.meta.filename, ['--serve'], { nodeFlags: SERVER_FLAGS })
  const base = `http://127.0.0.1:${ready.port}`
  const cookie = `pd_session=${ready.token}`
  const bench = async (name) => {
    const response = await fetch(`${base}/__bench/${name}`)
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const post = async (p, body) => {
    const response = await fetch(`${base}${p}`, {
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

    const screened = await bench('screen')
    const c = screened.counts
    report(
      `screening      ${screened.seconds.toFixed(1).padStart(6)} s (target < 60 s)   server peak RSS ${mb(screened.after.maxRssBytes)} (target < 300 MB; ${mb(screened.before.rssBytes)} before)   flagged ${c.flagged.toLocaleString('en-AU')} in ${c.groups.toLocaleString('en-AU')} groups   load ${load()}`,
    )
    const { excluded } = await bench('exclude')

    const draw = await post('/api/draw/create', { promotionId: ready.promotionId, winners: 8, reserves: 2 })
    const start = performance.now()
    const frozen = await post('/api/entries/freeze', { promotionId: ready.promotionId, drawId: draw.id })
    const freezeSeconds = (performance.now() - start) / 1000
    if (frozen.entryCount !== N - excluded) throw new Error(`froze ${frozen.entryCount}, expected ${N - excluded}`)

    // The same canonical file: the draw's stored entries, copied out of the storage.
    const { file } = await bench('canonical')
    const hash = execFileSync('sha256sum', [file]).toString().split(' ')[0]
    if (hash !== frozen.entriesHash) throw new Error(`sha256sum ${hash} is not the frozen entriesHash ${frozen.entriesHash}`)
    execFileSync('cat', [file], { stdio: ['ignore', 'ignore', 'inherit'] }) // warm the page cache
    const shaStart = performance.now()
    execFileSync('sha256sum', [file], { stdio: ['ignore', 'ignore', 'inherit'] })
    const shaSeconds = (performance.now() - shaStart) / 1000
    const after = await bench('rss')
    report(
      `freeze         ${freezeSeconds.toFixed(2).padStart(6)} s for ${frozen.entryCount.toLocaleString('en-AU')} entries (${excluded.toLocaleString('en-AU')} excluded), ${(fs.statSync(file).size / 1e6).toFixed(1)} MB canonical   sha256sum ${shaSeconds.toFixed(2)} s   ratio ${(freezeSeconds / shaSeconds).toFixed(1)}× (target ≤ 2×)   server peak RSS ${mb(after.maxRssBytes)}   load ${load()}`,
    )
    report(`entriesHash = sha256sum of the canonical file: ${hash === frozen.entriesHash ? 'yes' : 'no'}; public record: ${frozen.exclusionLines.join('; ')}`)
  } finally {
    await stopChild(ready.child)
  }
}

if (process.argv.includes('--serve')) await serve()
else if (import.meta.filename === process.argv[1]) await run()
