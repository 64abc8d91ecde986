/**
 * The in-process API-key cache (issue 27) on TWO API instances sharing one PostgreSQL, each with
 * its own pool, LISTEN connection and cache, as two processes would have: they talk only through
 * the database. A key revoked, ended or deleted through one instance (or in the database) must be
 * refused by the other at its very next request, and with its listener down an instance reads
 * every key from the database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MSG_API_KEY_INVALID } from '@permitdesk/shared'
import { LISTENER_APPLICATION_NAME } from '../../api/src/db/notifications'
import { apiKeyCacheFor, ApiKeyCache } from '../../api/src/modules/api-keys/api-key-cache'
import { hashApiKey } from '../../api/src/modules/api-keys/api-keys'
import { createCustomer, type Customer } from '../factories/promotions'
import { registerAndSignIn } from '../setup/accounts'
import { Client, startTestApi, type TestApi } from '../setup/test-api'
import { startSecondInstance, type SecondInstance } from '../setup/second-instance'

let one: TestApi
let two: SecondInstance
let cacheOne: ApiKeyCache
let cacheTwo: ApiKeyCache

/** An agency's script on one instance: no cookie, no Origin, only the key. */
const script = (baseUrl: string, key: string) => ({
  list: () => new Client(baseUrl, '').get('/api/promotion/list', { authorization: `Bearer ${key}`, origin: '' }),
})

async function newKey(customer: Customer) {
  const created = await customer.client.post('/api/apiKey/create', { name: 'Agency script' })
  expect(created.status).toBe(200)
  return created.body as { id: number; key: string }
}

/** The key is used on both instances and each has it in memory. */
async function usedOnBoth(key: string) {
  expect((await script(one.baseUrl, key).list()).status).toBe(200)
  expect((await script(two.baseUrl, key).list()).status).toBe(200)
  expect(cacheOne.get(hashApiKey(key), Date.now())).toBeDefined()
  expect(cacheTwo.get(hashApiKey(key), Date.now())).toBeDefined()
  // Answered from memory again.
  expect((await script(two.baseUrl, key).list()).status).toBe(200)
}

async function refusedAt(baseUrl: string, key: string) {
  const answer = await script(baseUrl, key).list()
  expect(answer.status).toBe(401)
  expect(answer.body.message).toBe(MSG_API_KEY_INVALID)
}

const listening = (...caches: ApiKeyCache[]) => vi.waitFor(() => expect(caches.every((cache) => cache.active)).toBe(true), { timeout: 10_000, interval: 20 })

beforeAll(async () => {
  one = await startTestApi()
  two = await startSecondInstance(one)
  cacheOne = apiKeyCacheFor(one.database.notifications)
  cacheTwo = apiKeyCacheFor(two.database.notifications)
  await listening(cacheOne, cacheTwo)
})
afterAll(async () => {
  await two?.close()
  await one?.close()
})

const alice = (customer: Customer) => customer.client

/** A promotion of `userId` with the draw service and an open entry form (period around today, one entry a day). */
async function openEntryForm(userId: number): Promise<number> {
  const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date())
  const day = (offset: number) => new Date(Date.parse(sydneyToday) + offset * 86_400_000).toISOString().slice(0, 10)
  const permit = { startDate: day(-1), startTime: '00:00', endDate: day(30), endTime: '17:00', entriesPerDay: 1 }
  const { rows } = await one.database.pool.query(
    `insert into app.promotions (user_id, name, random_draw, fees, permit) values ($1, 'Key check', true, '{}'::jsonb, $2::jsonb) returning id`,
    [userId, JSON.stringify(permit)],
  )
  const fields = {
    ...Object.fromEntries(['name', 'email', 'phone', 'postcode', 'state'].map((f) => [f, 'required'])),
    ...Object.fromEntries(['dateOfBirth', 'receiptNumber', 'answer'].map((f) => [f, 'off'])),
    question: '',
    wordLimit: 25,
    consents: [{ id: 'terms', label: 'I have read the terms and conditions', required: true }],
  }
  await one.database.pool.query(`insert into app.entry_forms (promotion_id, code, status, fields) values ($1, $2, 'open', $3::jsonb)`, [
    rows[0].id,
    `keycheck${rows[0].id}`,
    JSON.stringify(fields),
  ])
  return rows[0].id
}

describe('the API-key cache across two instances', () => {
  it('a key revoked through instance one is refused by instance two at its very next request', async () => {
    const alice = await createCustomer(one)
    const { key, id } = await newKey(alice)
    await usedOnBoth(key)
    expect((await alice.client.post('/api/apiKey/revoke', { id })).status).toBe(200)
    // Straight after instance one's answer, with no wait.
    await refusedAt(two.baseUrl, key)
    await refusedAt(one.baseUrl, key)
    expect(cacheTwo.get(hashApiKey(key), Date.now())).toBeUndefined()
  })

  it('another key of the same user keeps working; a password change ends every key on both', async () => {
    const client = one.client()
    const registered = await registerAndSignIn(client, {}, { api: one })
    const bob = { id: registered.userId, email: registered.email, client }
    const first = await newKey(bob)
    const second = await newKey(bob)
    await usedOnBoth(first.key)
    await usedOnBoth(second.key)
    expect((await bob.client.post('/api/apiKey/revoke', { id: first.id })).status).toBe(200)
    await refusedAt(two.baseUrl, first.key)
    expect((await script(two.baseUrl, second.key).list()).status).toBe(200)
    const changed = await bob.client.post('/api/account/changePassword', { currentPassword: registered.password, password: 'a brand new passphrase 42' })
    expect(changed.status).toBe(200)
    await refusedAt(two.baseUrl, second.key)
    await refusedAt(one.baseUrl, second.key)
  })

  it('a key deleted, or its user deleted, in the database (a script, the CMS) is refused at once', async () => {
    const carol = await createCustomer(one)
    const { key, id } = await newKey(carol)
    await usedOnBoth(key)
    await one.database.pool.query('delete from app.api_keys where id = $1', [id])
    await refusedAt(two.baseUrl, key)

    const dave = await createCustomer(one)
    const daves = await newKey(dave)
    await usedOnBoth(daves.key)
    await one.database.pool.query('delete from app.users where id = $1', [dave.id])
    await refusedAt(two.baseUrl, daves.key)
    await refusedAt(one.baseUrl, daves.key)
  })

  it('an entry sent with a key revoked through instance one is refused by instance two at once, stored or not, with nothing counted', async () => {
    // Entries have their own rate budget and a cached key; a revoked key must still be refused whatever the entry would have met.
    const frank = await createCustomer(one)
    const { key, id } = await newKey(frank)
    const promotionId = await openEntryForm(frank.id)
    const agency = (headers: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, origin: '', ...headers })
    const send = (entry: Record<string, unknown>, idempotencyKey: string) =>
      new Client(two.baseUrl, '').post('/api/entries/submit', { promotionId, entry }, agency({ 'idempotency-key': idempotencyKey }))
    const person = (n: number) => ({
      name: `Fran ${n}`,
      email: `fran.${n}@example.com`,
      phone: `04000000${n}0`,
      postcode: '2000',
      state: 'NSW',
      consents: { terms: true },
    })
    const first = await send(person(1), 'frank-1')
    expect(first.status, first.text).toBe(201)
    expect(cacheTwo.get(hashApiKey(key), Date.now())).toBeDefined()
    expect((await alice(frank).post('/api/apiKey/revoke', { id })).status).toBe(200)
    // Straight after: one that would be stored, a replay of the first, one the rules refuse (same person, limit 1), one with a bad field, and one with no Idempotency-Key.
    for (const answer of [
      await send(person(2), 'frank-2'),
      await send(person(1), 'frank-1'),
      await send(person(1), 'frank-3'),
      await send({ ...person(4), email: 'not an address' }, 'frank-4'),
      await new Client(two.baseUrl, '').post('/api/entries/submit', { promotionId, entry: person(5) }, agency()),
    ]) {
      expect(answer.status, answer.text).toBe(401)
      expect(answer.body.message).toBe(MSG_API_KEY_INVALID)
    }
    const { rows } = await one.database.pool.query('select count(*)::int as n from app.entries where promotion_id = $1', [promotionId])
    expect(rows[0].n).toBe(1)
    const { rows: refusals } = await one.database.pool.query('select count(*)::int as n from app.entry_refusals where promotion_id = $1', [promotionId])
    expect(refusals[0].n).toBe(0)
  })

  it('while its LISTEN connection is down an instance reads every key from the database, and caches again once back', async () => {
    const erin = await createCustomer(one)
    const { key, id } = await newKey(erin)
    await usedOnBoth(key)
    await one.database.pool.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [
      LISTENER_APPLICATION_NAME,
    ])
    await vi.waitFor(() => expect(cacheTwo.active).toBe(false), { timeout: 10_000, interval: 10 })
    expect(cacheTwo.size).toBe(0)
    // Revoked while nobody listens: no notice reaches instance two, the database answers.
    await one.database.pool.query(`update app.api_keys set revoked_at = now(), revoked_reason = 'revoked' where id = $1`, [id])
    await refusedAt(two.baseUrl, key)
    await listening(cacheOne, cacheTwo)
    const fresh = await newKey(erin)
    expect((await script(two.baseUrl, fresh.key).list()).status).toBe(200)
    expect(cacheTwo.get(hashApiKey(fresh.key), Date.now())).toBeDefined()
  })

  it('the last-use stamp written once a minute does not empty the caches', async () => {
    const frank = await createCustomer(one)
    const { key, id } = await newKey(frank)
    await usedOnBoth(key)
    await one.database.pool.query(`update app.api_keys set last_used_at = now() - interval '1 hour' where id = $1`, [id])
    // A notice would arrive before the next request's answer (the lookup catches up first).
    expect((await script(two.baseUrl, key).list()).status).toBe(200)
    expect(cacheTwo.get(hashApiKey(key), Date.now())).toBeDefined()
  })
})

describe('the cache itself', () => {
  it('keeps an entry no longer than its time to live, does not keep a read an invalidation overtook, and is bounded', async () => {
    const cache = new ApiKeyCache(one.database.notifications, { maxEntries: 2, ttlMs: 1_000 })
    await listening(cache)
    const grace = await createCustomer(one)
    const { key } = await newKey(grace)
    const { rows } = await one.database.pool.query('select id from app.api_keys where key_hash = $1', [hashApiKey(key)])
    const value = { key: { id: rows[0].id, userId: grace.id }, user: { id: grace.id } } as never
    const now = Date.now()
    cache.set('a', value, cache.mark(), now)
    expect(cache.get('a', now + 999)).toBeDefined()
    expect(cache.get('a', now + 1_000)).toBeUndefined()
    // A notice between the mark and the set: the read is not kept.
    const mark = cache.mark()
    cache.invalidateUser(grace.id)
    cache.set('b', value, mark, now)
    expect(cache.get('b', now)).toBeUndefined()
    for (const hash of ['c', 'd', 'e']) cache.set(hash, value, cache.mark(), now)
    expect(cache.size).toBe(2)
    expect(cache.get('c', now)).toBeUndefined()
    expect(cache.get('e', now)).toBeDefined()
  })
})
