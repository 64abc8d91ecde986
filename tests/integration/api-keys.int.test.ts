/**
 * Issue 11 "API keys for agencies" and "Idempotency-Key": keys are created, listed and revoked with
 * a signed-in session; `Authorization: Bearer <key>` acts as the owner on the customer calls, never
 * on staff or session calls; per-key rate limit; revoked → 401 at once. Idempotent calls answer the
 * first answer again for the same key and body, 422 for a different body.
 */
import {
  MSG_API_KEY_INVALID,
  MSG_API_KEY_LIMIT,
  MSG_API_KEY_NOT_ALLOWED,
  MSG_API_KEY_RATE_LIMITED,
  MSG_IDEMPOTENCY_KEY_REUSED,
  MSG_API_KEY_ALREADY_CREATED,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_RATE_LIMIT, hashApiKey } from '../../api/src/modules/api-keys/api-keys'
import { createCustomer, promotionInput, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { Client, startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

/** A script: no cookies, no Origin, only the key. */
function script(key: string, origin?: string) {
  const client = new Client(api.baseUrl, origin ?? '')
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...(origin ? {} : { origin: '' }), ...extra })
  return {
    get: (path: string, extra?: Record<string, string>) => client.get(path, headers(extra)),
    post: (path: string, body?: unknown, extra?: Record<string, string>) => client.post(path, body, headers(extra)),
  }
}

async function newKey(customer: Customer, name = 'Agency script') {
  const created = await customer.client.post('/api/apiKey/create', { name })
  expect(created.status).toBe(200)
  return created.body as { id: number; key: string; name: string; prefix: string }
}

describe('managing keys', () => {
  it('creates a named key shown once, stores only its hash, lists it without the key', async () => {
    const created = await newKey(alice, 'Nightly import')
    expect(created.key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/)
    expect(created.key.startsWith(created.prefix)).toBe(true)
    const { rows } = await api.database.db.execute<{ key_hash: string }>(sql`select key_hash from app.api_keys where id = ${created.id}`)
    expect(rows[0]!.key_hash).toBe(hashApiKey(created.key))
    expect(JSON.stringify(rows)).not.toContain(created.key)
    const list = await alice.client.get('/api/apiKey/list')
    expect(list.status).toBe(200)
    expect(list.body).toContainEqual({
      id: created.id,
      name: 'Nightly import',
      prefix: created.prefix,
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
    })
    expect(list.text).not.toContain(created.key)
    expect((await bob.client.get('/api/apiKey/list')).body).toEqual([])
  })

  it('needs a name, and allows at most 10 live keys per account', async () => {
    expect((await bob.client.post('/api/apiKey/create', { name: '  ' })).status).toBe(400)
    for (let i = 0; i < 10; i++) await newKey(bob, `key ${i}`)
    const eleventh = await bob.client.post('/api/apiKey/create', { name: 'one too many' })
    expect(eleventh.status).toBe(409)
    expect(eleventh.body.message).toBe(MSG_API_KEY_LIMIT)
    const first = (await bob.client.get('/api/apiKey/list')).body[0]
    expect((await bob.client.post('/api/apiKey/revoke', { id: first.id })).status).toBe(200)
    expect((await bob.client.post('/api/apiKey/create', { name: 'after a revoke' })).status).toBe(200)
  })

  it("refuses to revoke another account's key (404)", async () => {
    const key = await newKey(alice)
    expect((await bob.client.post('/api/apiKey/revoke', { id: key.id })).status).toBe(404)
  })
})

describe('using keys', () => {
  it('acts as the owner on the customer calls, with no cookie and no same-origin check, and records the last use', async () => {
    const { key, id } = await newKey(alice)
    const agency = script(key, 'https://agency-tool.example')
    const created = await agency.post('/api/promotion/create', promotionInput({ name: 'Scripted' }))
    expect(created.status).toBe(200)
    const list = await agency.get('/api/promotion/list')
    expect(list.body.promotions.map((p: { name: string }) => p.name)).toContain('Scripted')
    // The owner sees it in the browser too; others do not.
    expect((await alice.client.get(`/api/promotion/get?id=${created.body.id}`)).status).toBe(200)
    expect((await bob.client.get(`/api/promotion/get?id=${created.body.id}`)).status).toBe(404)
    const listed = (await alice.client.get('/api/apiKey/list')).body.find((k: { id: number }) => k.id === id)
    expect(listed.lastUsedAt).not.toBeNull()
  })

  it('never acts on session or staff calls, even for a staff member', async () => {
    const staff = api.client()
    await signInStaff(staff, api)
    const staffKey = (await staff.post('/api/apiKey/create', { name: 'staff script' })).body.key as string
    const asStaff = script(staffKey)
    const denied = await asStaff.post('/api/ComplianceNote/create', { promotionId: 1, categorySlug: 'TA', text: 'x' })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe(MSG_API_KEY_NOT_ALLOWED)
    const { key } = await newKey(alice)
    expect((await script(key).get('/api/apiKey/list')).status).toBe(403)
    expect((await script(key).post('/api/apiKey/create', { name: 'key making keys' })).status).toBe(403)
    expect((await script(key).post('/api/account/update', {})).status).toBe(403)
    // A staff member's key acts as a customer: it does not see other customers' promotions.
    const alices = await alice.client.post('/api/promotion/create', promotionInput())
    expect((await asStaff.get(`/api/promotion/get?id=${alices.body.id}`)).status).toBe(404)
  })

  it('answers an unknown or revoked key with 401 at once', async () => {
    expect((await script('pdk_not-a-key').get('/api/promotion/list')).body).toMatchObject({ code: 'UNAUTHENTICATED', message: MSG_API_KEY_INVALID })
    const { key, id } = await newKey(alice)
    expect((await script(key).get('/api/promotion/list')).status).toBe(200)
    expect((await alice.client.post('/api/apiKey/revoke', { id })).status).toBe(200)
    const after = await script(key).get('/api/promotion/list')
    expect(after.status).toBe(401)
    expect(after.body.message).toBe(MSG_API_KEY_INVALID)
  })

  it('limits calls per key with 429 and Retry-After', async () => {
    const { key } = await newKey(alice)
    const other = await newKey(alice)
    const agency = script(key)
    const answers = []
    for (let i = 0; i < API_KEY_RATE_LIMIT.limit + 1; i += 20) {
      answers.push(...(await Promise.all(Array.from({ length: Math.min(20, API_KEY_RATE_LIMIT.limit + 1 - i) }, () => agency.get('/api/account/get')))))
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(API_KEY_RATE_LIMIT.limit)
    const limited = answers.find((a) => a.status === 429)!
    expect(limited.body.message).toBe(MSG_API_KEY_RATE_LIMITED)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The limit is per key.
    expect((await script(other.key).get('/api/account/get')).status).toBe(200)
  })
})

describe('Idempotency-Key', () => {
  const count = async (userId: number) =>
    Number((await api.database.db.execute<{ n: string }>(sql`select count(*) as n from app.promotions where user_id = ${userId}`)).rows[0]!.n)

  it('answers the first answer again for the same key and body, without creating twice', async () => {
    const carol = await createCustomer(api)
    const headers = { 'idempotency-key': 'create-1' }
    const first = await carol.client.post('/api/promotion/create', promotionInput({ name: 'Once' }), headers)
    const again = await carol.client.post('/api/promotion/create', promotionInput({ name: 'Once' }), headers)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await count(carol.id)).toBe(1)
    // Without the header, or with another key, a create creates.
    await carol.client.post('/api/promotion/create', promotionInput({ name: 'Once' }))
    await carol.client.post('/api/promotion/create', promotionInput({ name: 'Once' }), { 'idempotency-key': 'create-2' })
    expect(await count(carol.id)).toBe(3)
  })

  it('apiKey/create replayed: 409 "already created; shown once", and the replay store never held the key (issue 22)', async () => {
    const carol = await createCustomer(api)
    const headers = { 'idempotency-key': 'key-create-1' }
    const first = await carol.client.post('/api/apiKey/create', { name: 'Agency script' }, headers)
    expect(first.status, first.text).toBe(200)
    const secret = first.body.key as string
    expect(secret.length).toBeGreaterThan(20)
    const stored = await api.database.db.execute<{ answer: unknown; status: number }>(
      sql`select answer, status from app.idempotency_keys where user_id = ${carol.id} and key = 'key-create-1'`,
    )
    expect(stored.rows).toHaveLength(1)
    expect(stored.rows[0]!.status).toBe(200)
    const text = JSON.stringify(stored.rows[0]!.answer)
    expect(text).not.toContain(secret)
    expect(text).not.toContain(secret.slice(-12))
    expect(stored.rows[0]!.answer).toEqual({ secretShownOnce: true, id: first.body.id })

    const again = await carol.client.post('/api/apiKey/create', { name: 'Agency script' }, headers)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ message: MSG_API_KEY_ALREADY_CREATED, modelState: { 'Idempotency-Key': [MSG_API_KEY_ALREADY_CREATED] } })
    expect(again.text).not.toContain(secret)
    // Created once; the key still works.
    expect((await carol.client.get('/api/apiKey/list')).body).toHaveLength(1)
    expect((await script(secret).get('/api/promotion/list')).status).toBe(200)
  })

  it('refuses the same key with a different body (422)', async () => {
    const carol = await createCustomer(api)
    const headers = { 'idempotency-key': 'k' }
    expect((await carol.client.post('/api/promotion/create', promotionInput({ name: 'A' }), headers)).status).toBe(200)
    const other = await carol.client.post('/api/promotion/create', promotionInput({ name: 'B' }), headers)
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: MSG_IDEMPOTENCY_KEY_REUSED })
    expect(await count(carol.id)).toBe(1)
  })

  it('replays a save (the version does not move twice), and keeps nothing for a failed first try', async () => {
    const carol = await createCustomer(api)
    const id = (await carol.client.post('/api/promotion/create', promotionInput())).body.id
    const read = (await carol.client.get(`/api/promotion/get?id=${id}`)).body
    const headers = { 'idempotency-key': 'save-1' }
    const first = await carol.client.post('/api/promotion/save', { ...read, name: 'Saved once' }, headers)
    const again = await carol.client.post('/api/promotion/save', { ...read, name: 'Saved once' }, headers)
    expect(first.body.versionNumber).toBe(2)
    expect(again.body.versionNumber).toBe(2)
    expect((await carol.client.get(`/api/promotion/get?id=${id}`)).body.versionNumber).toBe(2)
    const bad = { 'idempotency-key': 'retry-me' }
    expect((await carol.client.post('/api/promotion/create', { name: '' }, bad)).status).toBe(400)
    expect((await carol.client.post('/api/promotion/create', { name: '' }, bad)).status).toBe(400)
  })

  it('keys are per user: the same key of two users are two requests', async () => {
    const dan = await createCustomer(api)
    const erin = await createCustomer(api)
    const headers = { 'idempotency-key': 'shared-key' }
    const a = await dan.client.post('/api/promotion/create', promotionInput(), headers)
    const b = await erin.client.post('/api/promotion/create', promotionInput({ name: 'Other' }), headers)
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(b.body.id).not.toBe(a.body.id)
  })
})
