import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../api/src/db/embedded'
import { hashPassword } from '../../api/src/modules/account/passwords'
import { createSession, SESSION_COOKIE } from '../../api/src/modules/account/session-store'
import { repoRoot } from '../../api/src/server/paths'
import { startS3Fake, type S3Fake } from '../fakes/s3-fake'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { promotionInput } from '../factories/promotions'
import { pollUntil } from '../setup/poll'
import { Client, createTestDatabase } from '../setup/test-api'

/**
 * Issue 18 "Many processes": two real server processes (`npm start`'s entry point, the
 * docker-compose shape) on one PostgreSQL and one object store (s3rver, STORAGE=s3), each with its
 * own DATA_DIR, behind a small round-robin proxy written here. 500 signed-in pollers, promotion
 * saves and a site rebuild run through it; expected: zero errors, single-session enforcement across
 * processes, and the rebuilt site served by both.
 */
const POLLERS = 500
const SAVERS = 10
const ADMIN = { email: 'staff@permitdesk.test', password: 'staff-password-123' }

type Server = { name: string; port: number; base: string; child: ChildProcess; output: () => string; handled: number }

let testDb: Awaited<ReturnType<typeof createTestDatabase>>
let s3: S3Fake
let proxy: http.Server
let proxyBase: string
const servers: Server[] = []
const dataDirs: string[] = []
/** Every child started, ready or not: stopped after the tests whatever happened. */
const children: ChildProcess[] = []

/** Starts `api/src/main.ts` with the environment; resolves when it says it is ready. */
async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await findFreePort()
  const dataDir = path.join(repoRoot, '.test-data', `many-${name}-${crypto.randomBytes(3).toString('hex')}`)
  dataDirs.push(dataDir)
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      BOT_CHECK: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    // Ready with the CMS admin: on a checkout without its build, that is after the build behind the start (issue 29).
    const check = () => output.includes('Ready in') && (!output.includes('being prepared') || output.includes('CMS admin ready in')) && resolve()
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`server ${name} exited with ${code}:\n${output.slice(-4000)}`)))
  })
  return { name, port, base: `http://127.0.0.1:${port}`, child, output: () => output, handled: 0 }
}

/** The load balancer: each request to the next process in turn, streamed both ways. */
function startProxy(targets: Server[]): Promise<http.Server> {
  // Idle connections are dropped after 30 s, before the servers' 65 s keep-alive (as a load balancer's 60 s idle timeout).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 })
  let next = 0
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!
    target.handled++
    const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (error) => {
      // Counted as an error by the clients (a 502), never hidden.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`proxy: ${target.name}: ${error.message}`)
    })
    req.pipe(upstream)
  })
  // Like the servers behind it: idle client connections outlive the clients' own idle timeouts.
  server.keepAliveTimeout = 65_000
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  s3 = await startS3Fake()
  // The proxy first: its address is the public one (the same-origin check of state-changing calls uses it).
  proxy = await startProxy(servers)
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const env = { DATABASE_URL: testDb.url, PUBLIC_URL: proxyBase, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...s3.env }
  // Started together, as `docker compose up --scale app=2` does: migrations and builds are serialised by their locks.
  servers.push(...(await Promise.all([startServer('a', env), startServer('b', env)])))
}, 900_000)

afterAll(async () => {
  proxy?.close()
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      await exited
    }
  }
  await s3?.close()
  await testDb?.drop()
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
}, 120_000)

/** A client of the proxy (or of one process directly) signed in with a session made in the database. */
function signedIn(token: string, base = proxyBase) {
  const client = new Client(base, proxyBase)
  ;(client as unknown as { cookies: Map<string, string> }).cookies.set(SESSION_COOKIE, token)
  return client
}

async function createUsers(count: number, passwordHash = 'not-a-real-hash'): Promise<{ id: number; email: string }[]> {
  const prefix = `poller-${crypto.randomBytes(4).toString('hex')}`
  const { rows } = await testDb.database.db.execute<{ id: number; email: string }>(sql`
    insert into app.users (email, password_hash, first_name, last_name, account_name, email_confirmed_at)
    select ${prefix} || '-' || n || '@example.com', ${passwordHash}, 'Pat', 'Poller', 'Poller Promotions', now() from generate_series(1, ${count}) n
    returning id, email`)
  return rows
}

describe('two server processes behind a round-robin proxy', () => {
  it('serves 500 signed-in pollers, saves and a site rebuild with zero errors, and both processes serve the rebuilt site', async () => {
    const pollers = await Promise.all((await createUsers(POLLERS)).map(async (user) => signedIn(await createSession(testDb.database.db, user.id))))
    const savers = await Promise.all((await createUsers(SAVERS)).map(async (user) => signedIn(await createSession(testDb.database.db, user.id))))
    const errors: string[] = []
    const expectOk = (what: string, status: number, text = '') =>
      status >= 200 && status < 300 ? undefined : void errors.push(`${what}: ${status} ${text.slice(0, 200)}`)

    // The site as both processes serve it now (the release published at start).
    const releaseBefore = (await testDb.database.pool.query(`select max(id)::int as id from app.site_releases`)).rows[0].id as number
    expect(releaseBefore).toBeGreaterThan(0)

    // Publishing a news article in the CMS queues a rebuild, which one of the processes runs.
    // The CMS follows the PermitDesk session (issue 24): the administrator signs in there.
    const login = await fetch(`${proxyBase}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxyBase },
      body: JSON.stringify(ADMIN),
    })
    expect(login.status).toBe(200)
    const session = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ')
    const slug = `many-processes-${Date.now()}`
    const body = {
      root: {
        type: 'root',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          {
            type: 'paragraph',
            version: 1,
            direction: 'ltr',
            format: '',
            indent: 0,
            textFormat: 0,
            textStyle: '',
            children: [{ type: 'text', text: 'Published during the many-processes test.', format: 0, version: 1, detail: 0, mode: 'normal', style: '' }],
          },
        ],
      },
    }
    const created = await fetch(`${proxyBase}/cms-api/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session, origin: proxyBase },
      body: JSON.stringify({
        title: 'Two processes, one site',
        slug,
        date: '2026-11-01',
        summary: 'Rebuilt once, served by both.',
        body,
        _status: 'published',
      }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const liveOn = async (server: Server) => (await fetch(`${server.base}/news/${slug}/`)).status === 200

    // Load until the article is live on both processes, and for at least three rounds.
    const started = performance.now()
    let rounds = 0
    let polls = 0
    let saves = 0
    const promotionIds = await Promise.all(
      savers.map(async (client) => {
        const answer = await client.post('/api/promotion/create', promotionInput())
        expectOk('create', answer.status, answer.text)
        return answer.body?.id as number
      }),
    )
    // Rounds of polls and saves until the article is live on both processes (bounded: pollUntil).
    await pollUntil(
      async () => {
        const round = [
          ...pollers.map(async (client) => {
            const answer = await client
              .post('/api/account/authenticated')
              .catch((error: Error) => ({ status: 0, text: `${error.message} ${String(error.cause)}` }))
            polls++
            expectOk('poll', answer.status, answer.text)
          }),
          ...savers.map(async (client, index) => {
            const answer = await savePromotion(client, promotionIds[index]!, (promotion) => ({
              ...withCompleteApplication(promotion),
              name: `Saved in round ${rounds}`,
            })).catch((error: Error) => ({
              status: 0,
              text: `${error.message} ${String(error.cause)}`,
            }))
            saves++
            expectOk('save', answer.status, answer.text)
          }),
        ]
        await Promise.all(round)
        rounds++
        return rounds >= 3 && (await liveOn(servers[0]!)) && (await liveOn(servers[1]!))
      },
      'the CMS article live on both processes',
      { timeoutMs: 480_000, intervalMs: 0 },
    )

    console.info(
      `many processes: ${rounds} rounds, ${polls} polls and ${saves} saves through the proxy (a: ${servers[0]!.handled}, b: ${servers[1]!.handled} requests), ${errors.length} errors; the article live on both after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    expect(errors).toEqual([])
    expect(polls).toBeGreaterThanOrEqual(3 * POLLERS)
    expect(saves).toBeGreaterThanOrEqual(3 * SAVERS)
    // Both processes took their share.
    for (const server of servers) expect(server.handled).toBeGreaterThan(polls / 3)
    // Every save is in the database, the last one last.
    for (const id of promotionIds) {
      const { rows } = await testDb.database.pool.query(`select name from app.promotions where id = $1`, [id])
      expect(rows[0].name).toBe(`Saved in round ${rounds - 1}`)
    }

    // One rebuild made one new release, and both processes serve that same release from memory.
    const releases = (await testDb.database.pool.query(`select id, reason from app.site_releases where id > $1 order by id`, [releaseBefore])).rows
    expect(releases.length).toBeGreaterThanOrEqual(1)
    const pages = await Promise.all(servers.map(async (server) => fetch(`${server.base}/news/${slug}/`)))
    for (const page of pages) {
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Published during the many-processes test.')
    }
    const homes = await Promise.all(servers.map(async (server) => (await fetch(`${server.base}/`)).headers.get('etag')))
    expect(homes[0]).toBe(homes[1])
    // Only one of them built it: the other never had it in its own DATA_DIR.
    const builtLocally = dataDirs.filter((dir) => fs.existsSync(path.join(dir, 'site', 'dist', 'news', slug, 'index.html')))
    expect(builtLocally).toHaveLength(1)
  }, 600_000)

  it('holds single-session enforcement across processes: a sign-in through B ends the session polled through A', async () => {
    const password = 'a-long-enough-password-42'
    const [user] = await createUsers(1, await hashPassword(password))
    const oldSession = await createSession(testDb.database.db, user!.id)
    const [a, b] = servers as [Server, Server]
    const throughA = signedIn(oldSession, a.base)
    // The old session is live and polled through A (a cached answer there must not outlive the sign-in below).
    for (let i = 0; i < 3; i++) expect((await throughA.post('/api/account/authenticated')).status).toBe(200)

    const fresh = new Client(b.base, proxyBase)
    const login = await fresh.post('/api/account/login', { email: user!.email, password })
    expect(login.status, login.text).toBe(200)

    // Immediately after, through A: the old session is refused as replaced; the new one is signed in.
    expect((await throughA.post('/api/account/authenticated')).status).toBe(403)
    const newToken = fresh.cookie(SESSION_COOKIE)!
    expect((await signedIn(newToken, a.base).post('/api/account/authenticated')).status).toBe(200)
    expect((await signedIn(oldSession, b.base).post('/api/account/authenticated')).status).toBe(403)
  })
})
