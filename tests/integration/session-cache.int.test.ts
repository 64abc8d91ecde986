/**
 * The in-process session cache (issue 18) on TWO API instances sharing one PostgreSQL, each with
 * its own pool, its own LISTEN connection and its own cache, as two processes would have: they
 * talk only through the database. Single-session enforcement (000 §4) and every way a session
 * ends must reach the other instance's cache at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MSG_IDEMPOTENCY_IN_PROGRESS, MSG_SESSION_REPLACED, MSG_UNAUTHENTICATED } from '@permitdesk/shared'
import { LISTENER_APPLICATION_NAME } from '../../api/src/db/notifications'
import { hashToken } from '../../api/src/modules/account/session-store'
import { hashBody } from '../../api/src/modules/idempotency/idempotency'
import { SESSION_CHANGES_CHANNEL, type SessionCache } from '../../api/src/modules/account/session-cache'
import { registerAndSignIn, signInStaff } from '../setup/accounts'
import { Client, startTestApi, type TestApi } from '../setup/test-api'
import { startSecondInstance, type SecondInstance } from '../setup/second-instance'

let one: TestApi
let two: SecondInstance
let cacheOne: SessionCache
let cacheTwo: SessionCache

/** The same browser (its session cookie) talking to another instance. */
function sameBrowserOn(client: Client, baseUrl: string) {
  const cookie = `pd_session=${client.cookie('pd_session')}`
  return {
    post: (path: string, body: unknown = {}) => new Client(baseUrl).request('POST', path, body, { cookie }),
    get: (path: string) => new Client(baseUrl).request('GET', path, undefined, { cookie }),
  }
}

const poll = (on: { post: (path: string, body?: unknown) => Promise<{ status: number; body: any }> }) => on.post('/api/account/authenticated', {})
const sessionId = (client: Client) => hashToken(client.cookie('pd_session')!)

/** Both instances' listeners are up (they start with the first request that reads a session). */
async function listening(...caches: SessionCache[]) {
  await vi.waitFor(() => expect(caches.every((cache) => cache.active)).toBe(true), { timeout: 10_000, interval: 20 })
}

beforeAll(async () => {
  one = await startTestApi()
  two = await startSecondInstance(one)
  cacheTwo = two.app.locals.sessionCache as SessionCache
  cacheOne = one.app.locals.sessionCache as SessionCache
  await listening(cacheOne, cacheTwo)
})
afterAll(async () => {
  await two?.close()
  await one?.close()
})

describe('the session cache across two instances', () => {
  it('a sign-in on instance two makes the session cached on instance one answer "replaced" at once (000 §4)', async () => {
    const first = one.client()
    const customer = await registerAndSignIn(first, {}, { api: one })
    const onOne = sameBrowserOn(first, one.baseUrl)
    expect((await poll(onOne)).status).toBe(200)
    // Cached on instance one: the poll now costs no database read.
    expect(cacheOne.get(sessionId(first), Date.now())?.session.userId).toBe(customer.userId)
    expect((await poll(onOne)).status).toBe(200)

    const second = new Client(two.baseUrl)
    expect((await second.post('/api/account/login', { email: customer.email, password: customer.password })).status).toBe(200)
    // Straight after the answer of instance two, with no wait: instance one refuses the old session.
    const replaced = await poll(onOne)
    expect(replaced.status).toBe(403)
    expect(replaced.body.message).toBe(MSG_SESSION_REPLACED)
    expect((await onOne.get('/api/account/get')).status).toBe(401)
    expect(cacheOne.get(sessionId(first), Date.now())).toBeUndefined()
    // The new session works on both instances.
    expect((await poll(sameBrowserOn(second, one.baseUrl))).status).toBe(200)
    expect((await poll(sameBrowserOn(second, two.baseUrl))).status).toBe(200)
  })

  it('sign-out on one instance ends the session cached on the other', async () => {
    const client = one.client()
    await registerAndSignIn(client, {}, { api: one })
    const onTwo = sameBrowserOn(client, two.baseUrl)
    expect((await poll(onTwo)).status).toBe(200)
    expect(cacheTwo.get(sessionId(client), Date.now())).toBeDefined()
    expect((await client.post('/api/account/logOut')).status).toBe(200)
    const after = await poll(onTwo)
    expect(after.status).toBe(401)
    expect(after.body.message).toBe(MSG_UNAUTHENTICATED)
  })

  it('a password change drops the user from every cache; the session that changed it stays signed in', async () => {
    const customer = await registerAndSignIn(one.client(), {}, { api: one })
    const phone = new Client(two.baseUrl)
    expect((await phone.post('/api/account/login', { email: customer.email, password: customer.password })).status).toBe(200)
    expect((await poll(sameBrowserOn(phone, two.baseUrl))).status).toBe(200)
    expect((await poll(sameBrowserOn(phone, one.baseUrl))).status).toBe(200)
    expect(cacheOne.get(sessionId(phone), Date.now())).toBeDefined()
    // The user changes the password on instance two; the session doing it stays, every cache drops the user.
    const changed = await phone.post('/api/account/changePassword', { currentPassword: customer.password, password: 'a brand new passphrase 42' })
    expect(changed.status).toBe(200)
    expect(cacheOne.get(sessionId(phone), Date.now())).toBeUndefined()
    expect((await poll(sameBrowserOn(phone, one.baseUrl))).status).toBe(200)
  })

  it("staff ending a user's sessions, a staff role change and a deleted user reach the other cache", async () => {
    const staff = one.client()
    await signInStaff(staff, one)
    const client = one.client()
    const customer = await registerAndSignIn(client, {}, { api: one })
    const onTwo = sameBrowserOn(client, two.baseUrl)

    // A role change made in the database (as the CMS or a script would) shows at once on instance two.
    expect((await onTwo.get('/api/admin/getStaff')).status).toBe(403)
    await one.database.pool.query('update app.users set is_staff = true where id = $1', [customer.userId])
    expect((await onTwo.get('/api/admin/getStaff')).status).toBe(200)
    await one.database.pool.query('update app.users set is_staff = false where id = $1', [customer.userId])
    expect((await onTwo.get('/api/admin/getStaff')).status).toBe(403)

    expect((await poll(onTwo)).status).toBe(200)
    expect((await staff.post('/api/admin/endUserSessions', { userId: customer.userId })).status).toBe(200)
    expect((await poll(onTwo)).status).toBe(401)

    const again = one.client()
    const other = await registerAndSignIn(again, {}, { api: one })
    const againOnTwo = sameBrowserOn(again, two.baseUrl)
    expect((await poll(againOnTwo)).status).toBe(200)
    await one.database.pool.query('delete from app.users where id = $1', [other.userId])
    expect((await poll(againOnTwo)).status).toBe(401)
  })

  it('a page unload on one instance then a reload on the other keeps the session (the closing mark is cleared)', async () => {
    const client = one.client()
    await registerAndSignIn(client, {}, { api: one })
    const onTwo = sameBrowserOn(client, two.baseUrl)
    expect((await poll(onTwo)).status).toBe(200)
    expect((await client.post('/api/account/killsessions')).status).toBe(204)
    const closing = async () => (await one.database.pool.query('select closing_at from app.sessions where id = $1', [sessionId(client)])).rows[0].closing_at
    expect(await closing()).not.toBeNull()
    // The reload reaches instance two, whose cached entry was dropped: it reads the row and clears the mark.
    expect((await poll(onTwo)).status).toBe(200)
    expect(await closing()).toBeNull()
  })

  it('while its LISTEN connection is down an instance does not answer from its cache, and it reconnects', async () => {
    const client = one.client()
    await registerAndSignIn(client, {}, { api: one })
    const onTwo = sameBrowserOn(client, two.baseUrl)
    expect((await poll(onTwo)).status).toBe(200)
    expect(cacheTwo.size).toBeGreaterThan(0)
    // Cut every listening connection: notices sent now are lost to them.
    await one.database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`, [
      LISTENER_APPLICATION_NAME,
    ])
    await vi.waitFor(() => expect(cacheTwo.active).toBe(false), { timeout: 10_000, interval: 10 })
    expect(cacheTwo.size).toBe(0)
    await one.database.pool.query(`update app.sessions set ended_at = now(), ended_reason = 'logout' where id = $1`, [sessionId(client)])
    expect((await poll(onTwo)).status).toBe(401)
    // Back, and caching again.
    await listening(cacheOne, cacheTwo)
    const fresh = one.client()
    await registerAndSignIn(fresh, {}, { api: one })
    expect((await poll(sameBrowserOn(fresh, two.baseUrl))).status).toBe(200)
    expect(cacheTwo.get(sessionId(fresh), Date.now())).toBeDefined()
  })
})

describe('the cache itself', () => {
  it('keeps an entry no longer than its time to live, and never past the next last_seen_at write', async () => {
    const client = one.client()
    await registerAndSignIn(client, {}, { api: one })
    expect((await poll(sameBrowserOn(client, two.baseUrl))).status).toBe(200)
    const id = sessionId(client)
    const now = Date.now()
    expect(cacheTwo.get(id, now)).toBeDefined()
    expect(cacheTwo.get(id, now + 61_000)).toBeUndefined()
    expect(cacheTwo.get(id, now)).toBeUndefined()
  })

  it('does not keep a read that an invalidation overtook, and is bounded', async () => {
    const { SessionCache: Cache } = await import('../../api/src/modules/account/session-cache')
    const cache = new Cache(one.database.notifications, { maxEntries: 3 })
    await listening(cache)
    const value = (userId: number) => ({ state: 'live' as const, session: { id: `s${userId}`, userId, clientSession: null }, user: {} as never })
    const now = Date.now()
    const mark = cache.mark()
    cache.invalidateUser(999_999)
    cache.set('overtaken', value(1), now + 10_000, mark, now)
    expect(cache.get('overtaken', now)).toBeUndefined()
    for (const n of [1, 2, 3, 4]) cache.set(`s${n}`, value(n), now + 10_000, cache.mark(), now)
    expect(cache.size).toBe(3)
    expect(cache.get('s1', now)).toBeUndefined()
    expect(cache.get('s4', now)).toBeDefined()
    // A notice from the database (any transaction that commits it) drops the user's entries.
    await one.database.pool.query('select pg_notify($1, $2)', [SESSION_CHANGES_CHANNEL, '4'])
    await vi.waitFor(() => expect(cache.get('s4', now)).toBeUndefined(), { timeout: 5_000, interval: 5 })
    expect(cache.get('s3', now)).toBeDefined()
  })
})

describe('Idempotency-Key claims and the claiming process', () => {
  it('an unanswered claim stays "in progress" while its process lives, and runs again once it is gone', async () => {
    const client = one.client()
    const customer = await registerAndSignIn(client, {}, { api: one })
    const body = {
      name: 'Claimed',
      ausStates: { nsw: true },
      includeNz: false,
      totalPrizeValue: 5_000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
    }
    const claim = (key: string, claimedBy: string) =>
      one.database.pool.query(
        `insert into app.idempotency_keys (user_id, route, key, body_hash, claimed_by, expires_at) values ($1, 'POST /promotion/create', $2, $3, $4, now() + interval '1 day')`,
        [customer.userId, key, hashBody(body), claimedBy],
      )
    // Claimed by instance two, alive: the request is still running there.
    await claim('alive', two.database.notifications.identity!)
    const waiting = await client.post('/api/promotion/create', body, { 'Idempotency-Key': 'alive' })
    expect(waiting.status).toBe(409)
    expect(waiting.body.message).toBe(MSG_IDEMPOTENCY_IN_PROGRESS)
    // Claimed by a process whose connection is gone (a crash): the retry runs, once.
    await claim('dead', '1:1')
    const rerun = await client.post('/api/promotion/create', body, { 'Idempotency-Key': 'dead' })
    expect(rerun.status).toBe(200)
    const replay = await client.post('/api/promotion/create', body, { 'Idempotency-Key': 'dead' })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body.id).toBe(rerun.body.id)
  })
})
