/**
 * The front door (issue 31, api/src/http/hot-paths.ts): the health probe and the session poll are
 * answered before Express. Two servers over the same API app (one database, one session cache):
 * the gateway alone, as before, and the gateway behind the front door, as `npm start` serves it.
 * Every request, a customer's or an attacker's, must get the same status, headers and body from
 * both; the fast path answers only what it can answer alike, and a session ended anywhere is
 * refused at once.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  MSG_API_KEY_INVALID,
  MSG_BODY_NOT_JSON,
  MSG_CROSS_SITE_REFUSED,
  MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED,
  MSG_ENTRY_NOT_OPEN,
  MSG_SESSION_REPLACED,
  MSG_UNAUTHENTICATED,
  addDays,
  msgEntryDailyLimit,
  sydneyDateOf,
} from '@permitdesk/shared'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { waivePayment } from '../factories/payments'
import type { HotPath } from '../../api/src/http/hot-paths'
import { loadConfig } from '../../api/src/env'
import { createGateway, listenGateway } from '../../api/src/server/gateway'
import { registerAndSignIn } from '../setup/accounts'
import { Client, startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let plain: http.Server
let front: http.Server
let termsFront: http.Server
/** What the hot paths did with each request: answered it, or handed it to Express after reading its body. */
const seen: Array<{ url: string; method: string; outcome: 'answered' | 'handed over' }> = []

const listening = async (server: http.Server) => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
let plainUrl: string
let frontUrl: string

beforeAll(async () => {
  api = await startTestApi()
  const hot = api.app.locals.hotPaths as HotPath
  // Watched, not changed: the test records which requests the fast path kept and which it passed on.
  api.app.locals.hotPaths = ((req, res, headers, express) => {
    const entry = { url: req.url ?? '', method: req.method ?? '', outcome: 'answered' as 'answered' | 'handed over' }
    const taken = hot(req, res, headers, (r, s) => {
      entry.outcome = 'handed over'
      express(r, s)
    })
    if (taken) seen.push(entry)
    return taken
  }) satisfies HotPath
  const gateway = createGateway({ api: api.app, config: api.config, siteDir: os.tmpdir() })
  plain = gateway.listen(0, '127.0.0.1')
  front = listenGateway({ gateway, api: api.app, config: api.config }, 0, '127.0.0.1')
  const termsConfig = loadConfig({
    NODE_ENV: 'test',
    BOT_CHECK: 'off',
    DATABASE_URL: api.dbUrl,
    DATA_DIR: api.config.DATA_DIR,
    HOSTED_TERMS_HOSTS: 'tc.example.com',
  })
  termsFront = listenGateway(
    { gateway: createGateway({ api: api.app, config: termsConfig, siteDir: os.tmpdir() }), api: api.app, config: termsConfig },
    0,
    '127.0.0.1',
  )
  plainUrl = await listening(plain)
  frontUrl = await listening(front)
  await listening(termsFront)
})
afterAll(async () => {
  for (const server of [plain, front, termsFront]) await new Promise((resolve) => server?.close(resolve))
  await api?.close()
})

type Answer = { status: number; headers: Record<string, string>; body: string }

/** One raw request (exact headers and bytes, nothing added but Host and Content-Length). */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers
          resolve({ status: res.statusCode!, headers: rest as Record<string, string>, body: text })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The same request to both servers: their answers, front door's first. */
async function both(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const viaFront = await send(frontUrl, method, path, headers, body)
  const viaPlain = await send(plainUrl, method, path, headers, body)
  return { viaFront, viaPlain }
}

const json = { 'content-type': 'application/json' }

describe('GET /api/health through the front door', () => {
  it('answers as the gateway does, without Express', async () => {
    const before = seen.length
    const { viaFront, viaPlain } = await both('GET', '/api/health')
    expect(viaFront).toEqual(viaPlain)
    expect(viaFront.status).toBe(200)
    expect(JSON.parse(viaFront.body)).toEqual({ status: 'ok' })
    expect(seen.slice(before)).toEqual([{ url: '/api/health', method: 'GET', outcome: 'answered' }])
  })

  it('leaves other spellings, HEAD and queries to Express, which answers them as before', async () => {
    for (const [method, path] of [
      ['GET', '/api/Health'],
      ['HEAD', '/api/health'],
      ['GET', '/api/health?probe=1'],
      ['POST', '/api/health'],
    ] as const) {
      const before = seen.length
      const { viaFront, viaPlain } = await both(method, path, method === 'POST' ? json : {}, method === 'POST' ? '{}' : undefined)
      expect(viaFront).toEqual(viaPlain)
      expect(seen.length).toBe(before)
    }
  })

  it('on a hosted-terms host answers nothing but the terms pages, as the gateway does', async () => {
    const before = seen.length
    const answer = await send(await listening(termsFront), 'GET', '/api/health', { host: 'tc.example.com' })
    expect(answer.status).toBe(404)
    expect(seen.length).toBe(before)
  })
})

describe('POST /api/account/authenticated through the front door', () => {
  it('a signed-in tab polls: the first poll reads the session through Express, the next ones are answered from the cache alike', async () => {
    const browser = new Client(frontUrl)
    await registerAndSignIn(browser, {}, { api })
    const cookie = `pd_session=${browser.cookie('pd_session')}`
    const headers = { ...json, cookie, origin: api.config.publicOrigin }
    const body = JSON.stringify({ clientSession: crypto.randomUUID(), currentPath: '/promotions/' })
    const first = await both('POST', '/api/account/authenticated', headers, body)
    expect(first.viaFront).toEqual(first.viaPlain)
    expect(JSON.parse(first.viaFront.body)).toEqual({ authenticated: true, agent: false })
    const before = seen.length
    const again = await both('POST', '/api/account/authenticated', headers, body)
    expect(again.viaFront).toEqual(first.viaPlain)
    expect(seen.slice(before)).toEqual([{ url: '/api/account/authenticated', method: 'POST', outcome: 'answered' }])
    // The browser's own origin (the address it used), and no origin at all (not a browser page): answered alike.
    for (const origin of [frontUrl, undefined]) {
      const { origin: _o, ...rest } = headers
      const answer = await send(frontUrl, 'POST', '/api/account/authenticated', origin ? { ...rest, origin } : rest, body)
      expect(answer).toEqual(first.viaPlain)
    }
  })

  it('replaced by a sign-in elsewhere, or signed out: the very next poll is refused', async () => {
    const browser = new Client(frontUrl)
    const customer = await registerAndSignIn(browser, {}, { api })
    const pollOf = (client: Client) => () =>
      send(frontUrl, 'POST', '/api/account/authenticated', { ...json, cookie: `pd_session=${client.cookie('pd_session')}` }, '{}')
    const poll = pollOf(browser)
    expect((await poll()).status).toBe(200)
    expect((await poll()).status).toBe(200)
    // A second browser signs in (000 §4: one session per user): the first is replaced, with no wait.
    const phone = new Client(plainUrl)
    expect((await phone.post('/api/account/login', { email: customer.email, password: customer.password })).status).toBe(200)
    const replaced = await poll()
    expect(replaced.status).toBe(403)
    expect(JSON.parse(replaced.body).message).toBe(MSG_SESSION_REPLACED)
    // The phone's session, cached by its polls, ends with its sign-out: the next poll is 401.
    const phonePoll = pollOf(phone)
    expect((await phonePoll()).status).toBe(200)
    const before = seen.length
    expect((await phonePoll()).status).toBe(200)
    expect(seen.slice(before).map((s) => s.outcome)).toEqual(['answered'])
    expect((await phone.post('/api/account/logOut')).status).toBe(200)
    const out = await phonePoll()
    expect(out.status).toBe(401)
    expect(JSON.parse(out.body).message).toBe(MSG_UNAUTHENTICATED)
  })

  it('an attacker gets what Express gives: another origin, a broken or oversized body, a forged cookie, an API key', async () => {
    const browser = new Client(frontUrl)
    await registerAndSignIn(browser, {}, { api })
    const cookie = `pd_session=${browser.cookie('pd_session')}`
    // Cached first, so the fast path would answer if it let any of these through.
    expect((await send(frontUrl, 'POST', '/api/account/authenticated', { ...json, cookie }, '{}')).status).toBe(200)
    const cases: Array<[string, Record<string, string>, string, number, string?]> = [
      ['another origin', { ...json, cookie, origin: 'https://evil.example' }, '{}', 403, MSG_CROSS_SITE_REFUSED],
      ['another page as referer', { ...json, cookie, referer: 'https://evil.example/page' }, '{}', 403, MSG_CROSS_SITE_REFUSED],
      ['an origin that looks like ours', { ...json, cookie, origin: `${api.config.publicOrigin}.evil.example` }, '{}', 403, MSG_CROSS_SITE_REFUSED],
      ['not JSON', { ...json, cookie }, 'authenticated=yes', 400, MSG_BODY_NOT_JSON],
      ['a charset the parser does not read', { 'content-type': 'application/json; charset=latin1', cookie }, '{}', 400, MSG_BODY_NOT_JSON],
      ['a JSON string', { ...json, cookie }, '"{}"', 400, MSG_BODY_NOT_JSON],
      ['a bad clientSession', { ...json, cookie }, '{"clientSession":"not-a-uuid"}', 400],
      ['a form', { 'content-type': 'application/x-www-form-urlencoded', cookie }, 'clientSession=x', 400],
      ['too large', { ...json, cookie }, JSON.stringify({ currentPath: 'x'.repeat(20_000) }), 413],
      ['a forged cookie', { ...json, cookie: 'pd_session=forged' }, '{}', 401, MSG_UNAUTHENTICATED],
      ['an unknown API key', { ...json, authorization: 'Bearer pd_live_forged' }, '{}', 401],
    ]
    for (const [name, headers, body, status, message] of cases) {
      const before = seen.length
      const { viaFront, viaPlain } = await both('POST', '/api/account/authenticated', headers, body)
      expect({ name, ...viaFront }).toEqual({ name, ...viaPlain })
      expect({ name, status: viaFront.status }).toEqual({ name, status })
      if (message) expect(JSON.parse(viaFront.body).message).toBe(message)
      // Refused by Express's own checks, never answered by the fast path.
      expect({ name, answered: seen.slice(before).some((s) => s.outcome === 'answered') }).toEqual({ name, answered: false })
    }
  })

  it('any body, content type and origin: the front door answers exactly as the gateway does (property)', async () => {
    const browser = new Client(frontUrl)
    await registerAndSignIn(browser, {}, { api })
    const cookie = `pd_session=${browser.cookie('pd_session')}`
    const bodies = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 40 }),
      fc
        .record(
          {
            clientSession: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant(null)),
            currentPath: fc.oneof(fc.string({ maxLength: 60 }), fc.constant(null)),
          },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b)),
    )
    // 'self': the address the request is sent to (each server's own, so same-origin on both).
    const origins = fc.constantFrom(undefined, 'self', api.config.publicOrigin, 'https://evil.example', 'null', `${api.config.publicOrigin}@evil.example`)
    const types = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'text/plain',
      'application/json; charset=latin1',
      undefined,
    )
    await fc.assert(
      fc.asyncProperty(bodies, origins, types, fc.boolean(), async (body, origin, type, withCookie) => {
        const headers = (self: string): Record<string, string> => ({
          ...(type ? { 'content-type': type } : {}),
          ...(origin ? { origin: origin === 'self' ? self : origin } : {}),
          ...(withCookie ? { cookie } : {}),
        })
        const viaFront = await send(frontUrl, 'POST', '/api/account/authenticated', headers(frontUrl), body)
        const viaPlain = await send(plainUrl, 'POST', '/api/account/authenticated', headers(plainUrl), body)
        expect(viaFront).toEqual(viaPlain)
        expect(viaFront.status).toBeLessThan(500)
      }),
      { numRuns: 80 },
    )
  })
})

/**
 * Issue 27: an entry's two calls in a burst (api/src/http/entry-hot-paths.ts). An entry changes the
 * database, so the two servers each get their own entrants and Idempotency-Keys (`__S__` below is
 * 'f' for the front door, 'p' for the plain gateway) in the same sequence; their answers must be the
 * same but for the entry's own number and time (of the same form, checked), and a refusal exactly.
 */
describe('an entry through the front door', () => {
  let alice: Customer
  let bob: Customer
  let staffClient: Client
  let promotionId: number
  let bobPromotionId: number
  let code: string
  let aliceKey: string
  const FIELDS = {
    name: 'required',
    email: 'required',
    phone: 'optional',
    postcode: 'required',
    state: 'required',
    dateOfBirth: 'off',
    receiptNumber: 'off',
    answer: 'off',
    question: '',
    wordLimit: 25,
    consents: [{ id: 'terms', label: 'I have read the terms and conditions', required: true }],
  }
  const today = () => sydneyDateOf(new Date())

  /** A promotion of `owner` with the draw service and an open form (period around today, `entriesPerDay`); its id and code. */
  async function openForm(owner: Customer, entriesPerDay: number) {
    const id = await createPromotion(owner.client, { randomDraw: true })
    await waivePayment(staffClient, id)
    const permit = { startDate: addDays(today(), -1), startTime: '00:00', endDate: addDays(today(), 30), endTime: '17:00', entriesPerDay, under18s: true }
    await api.database.db.execute(sql`update app.promotions set permit = permit || ${JSON.stringify(permit)}::jsonb where id = ${id}`)
    const form = await owner.client.get(`/api/entries/form?promotionId=${id}`)
    expect((await owner.client.post('/api/entries/form/save', { promotionId: id, fields: FIELDS, receipts: false })).status).toBe(200)
    expect((await owner.client.post('/api/entries/form/open', { promotionId: id, open: true })).status).toBe(200)
    return { id, code: form.body.code as string }
  }

  beforeAll(async () => {
    alice = await createCustomer(api)
    bob = await createCustomer(api)
    staffClient = (await createCustomer(api, { isStaff: true })).client
    ;({ id: promotionId, code } = await openForm(alice, 1))
    ;({ id: bobPromotionId } = await openForm(bob, 1))
    aliceKey = (await alice.client.post('/api/apiKey/create', { name: 'agency' })).body.key
  }, 60_000)

  let person = 0
  /** A new entrant's values, `__S__` in them for the server's tag. */
  const entrant = (overrides: Record<string, unknown> = {}) => {
    person += 1
    return { name: `Sam Entrant${person}`, email: `sam.${person}.__S__@example.com`, postcode: '2000', state: 'NSW', consents: { terms: true }, ...overrides }
  }
  const tagged = (text: string, tag: string) => text.replaceAll('__S__', tag)
  const submitHeaders = (key: string, idempotencyKey?: string, extra: Record<string, string> = {}) => ({
    ...json,
    authorization: `Bearer ${key}`,
    ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    ...extra,
  })

  /** An answer with an accepted entry's number and time replaced by their kinds (checked), and its length checked and left out. */
  const normal = (answer: Answer) => {
    const { 'content-length': length, ...headers } = answer.headers
    expect(Number(length)).toBe(Buffer.byteLength(answer.body))
    let body: unknown = answer.body
    try {
      const parsed = JSON.parse(answer.body)
      if (typeof parsed.entryNumber === 'number' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(parsed.receivedAt))
        body = { ...parsed, entryNumber: 'a number', receivedAt: 'an ISO time' }
      else body = parsed
    } catch {}
    return { status: answer.status, headers, body }
  }

  /** The same call (tagged per server) to both; the front door's answer, the plain gateway's, and what the hot path did. */
  async function pair(path: string, headers: Record<string, string>, body: string) {
    const before = seen.length
    const viaFront = await send(frontUrl, 'POST', path, JSON.parse(tagged(JSON.stringify(headers), 'f')), tagged(body, 'f'))
    const outcomes = seen.slice(before).map((s) => s.outcome)
    const viaPlain = await send(plainUrl, 'POST', path, JSON.parse(tagged(JSON.stringify(headers), 'p')), tagged(body, 'p'))
    expect(normal(viaFront)).toEqual(normal(viaPlain))
    return { viaFront, viaPlain, outcomes }
  }

  it('an agency submits: the first call (key not yet cached) goes through Express, the next are answered here alike, replays included', async () => {
    const entry = entrant()
    const body = JSON.stringify({ promotionId, entry })
    const first = await pair('/api/entries/submit', submitHeaders(aliceKey, 'k1-__S__'), body)
    expect(first.viaFront.status).toBe(201)
    expect(first.outcomes).toEqual(['handed over'])
    const next = await pair('/api/entries/submit', submitHeaders(aliceKey, 'k2-__S__'), JSON.stringify({ promotionId, entry: entrant() }))
    expect(next.viaFront.status).toBe(201)
    expect(JSON.parse(next.viaFront.body).replayed).toBe(false)
    expect(next.outcomes).toEqual(['answered'])
    // A retry of the first (same Idempotency-Key, same body): its first entry again, on both.
    const replay = await pair('/api/entries/submit', submitHeaders(aliceKey, 'k1-__S__'), body)
    expect(JSON.parse(replay.viaFront.body)).toEqual({ ...JSON.parse(first.viaFront.body), replayed: true })
    expect(JSON.parse(replay.viaPlain.body)).toEqual({ ...JSON.parse(first.viaPlain.body), replayed: true })
    expect(replay.outcomes).toEqual(['answered'])
    // The same Idempotency-Key with another body (another entrant) answers the first entry too: the key names the entry.
    const other = await pair('/api/entries/submit', submitHeaders(aliceKey, 'k1-__S__'), JSON.stringify({ promotionId, entry: entrant() }))
    expect(JSON.parse(other.viaFront.body)).toEqual({ ...JSON.parse(first.viaFront.body), replayed: true })
    expect(other.outcomes).toEqual(['answered'])
    // Each acknowledged entry is a row: two per server.
    const { rows } = await api.database.pool.query('select count(*)::int as n from app.entries where promotion_id = $1 and api_key_id is not null', [
      promotionId,
    ])
    expect(rows[0].n).toBe(4)
  })

  it('every refusal of a submission is the one Express gives, answered here once the key is cached', async () => {
    // Cached by a first call.
    expect(
      (await send(frontUrl, 'POST', '/api/entries/submit', submitHeaders(aliceKey, 'warm'), JSON.stringify({ promotionId, entry: entrant() }))).status,
    ).toBe(201)
    const again = entrant()
    const cases: Array<[string, Record<string, string>, string, number, string | undefined, 'answered' | 'handed over' | 'express']> = [
      ['the entrant\u2019s first of the day', submitHeaders(aliceKey, 'd1-__S__'), JSON.stringify({ promotionId, entry: again }), 201, undefined, 'answered'],
      [
        'the n+1th entry of the day',
        submitHeaders(aliceKey, 'd2-__S__'),
        JSON.stringify({ promotionId, entry: again }),
        409,
        msgEntryDailyLimit(1),
        'answered',
      ],
      [
        'an entry the form refuses',
        submitHeaders(aliceKey, 'v-__S__'),
        JSON.stringify({ promotionId, entry: { ...entrant(), consents: {} } }),
        400,
        undefined,
        'answered',
      ],
      [
        'another customer\u2019s promotion',
        submitHeaders(aliceKey, 'o-__S__'),
        JSON.stringify({ promotionId: bobPromotionId, entry: entrant() }),
        404,
        undefined,
        'answered',
      ],
      ['no such promotion', submitHeaders(aliceKey, 'n-__S__'), JSON.stringify({ promotionId: 2_000_000_000, entry: entrant() }), 404, undefined, 'answered'],
      [
        'a body the schema refuses',
        submitHeaders(aliceKey, 's-__S__'),
        JSON.stringify({ promotionId: 'one', entry: entrant() }),
        400,
        undefined,
        'handed over',
      ],
      ['not JSON', submitHeaders(aliceKey, 'j-__S__'), '{"promotionId":', 400, MSG_BODY_NOT_JSON, 'handed over'],
      ['no Idempotency-Key', submitHeaders(aliceKey), JSON.stringify({ promotionId, entry: entrant() }), 400, MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED, 'express'],
      [
        'an Idempotency-Key too long',
        submitHeaders(aliceKey, 'x'.repeat(201)),
        JSON.stringify({ promotionId, entry: entrant() }),
        400,
        MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED,
        'express',
      ],
      ['an unknown key', submitHeaders('pdk_forged', 'u-__S__'), JSON.stringify({ promotionId, entry: entrant() }), 401, MSG_API_KEY_INVALID, 'handed over'],
      [
        'a key with a cookie from another origin',
        submitHeaders(aliceKey, 'c-__S__', { cookie: 'pd_session=x', origin: 'https://evil.example' }),
        '{}',
        403,
        MSG_CROSS_SITE_REFUSED,
        'express',
      ],
    ]
    for (const [name, headers, body, status, message, outcome] of cases) {
      const { viaFront, outcomes } = await pair('/api/entries/submit', headers, body)
      expect({ name, status: viaFront.status }).toEqual({ name, status })
      if (message) expect({ name, message: JSON.parse(viaFront.body).message }).toEqual({ name, message })
      expect({ name, outcomes }).toEqual({ name, outcomes: outcome === 'express' ? [] : [outcome] })
    }
  })

  it('a closed form, and a revoked key: the very next submission is refused, as Express refuses it', async () => {
    const { id, code: _ } = await openForm(alice, 5)
    const body = () => JSON.stringify({ promotionId: id, entry: entrant() })
    let n = 0
    const call = () => pair('/api/entries/submit', submitHeaders(aliceKey, `r${++n}-__S__`), body())
    expect((await call()).viaFront.status).toBe(201)
    expect((await alice.client.post('/api/entries/form/open', { promotionId: id, open: false })).status).toBe(200)
    const closed = await call()
    expect(closed.viaFront.status).toBe(409)
    expect(JSON.parse(closed.viaFront.body).message).toBe(MSG_ENTRY_NOT_OPEN)
    expect(closed.outcomes).toEqual(['answered'])
    expect((await alice.client.post('/api/entries/form/open', { promotionId: id, open: true })).status).toBe(200)
    const key = await alice.client.post('/api/apiKey/create', { name: 'to revoke' })
    const keyCall = () => pair('/api/entries/submit', submitHeaders(key.body.key, `q${++n}-__S__`), body())
    expect((await keyCall()).viaFront.status).toBe(201)
    expect((await keyCall()).outcomes).toEqual(['answered'])
    expect((await alice.client.post('/api/apiKey/revoke', { id: key.body.id })).status).toBe(200)
    const revoked = await keyCall()
    expect(revoked.viaFront.status).toBe(401)
    expect(JSON.parse(revoked.viaFront.body).message).toBe(MSG_API_KEY_INVALID)
    expect(revoked.outcomes).toEqual(['handed over'])
  })

  it('a key revoked while its notice has not reached this process: the next entry, and a replay of an earlier one, are refused by the statement that would store them', async () => {
    const { id } = await openForm(alice, 5)
    const key = await alice.client.post('/api/apiKey/create', { name: 'revoked unheard' })
    let n = 0
    const body = JSON.stringify({ promotionId: id, entry: entrant() })
    const keyCall = (idempotencyKey = `u${++n}-__S__`, payload = JSON.stringify({ promotionId: id, entry: entrant() })) =>
      pair('/api/entries/submit', submitHeaders(key.body.key, idempotencyKey), payload)
    expect((await keyCall('first-__S__', body)).viaFront.status).toBe(201)
    expect((await keyCall()).outcomes).toEqual(['answered'])
    const stored = async () =>
      (await api.database.pool.query('select count(*)::int as n from app.entries where api_key_id = $1', [key.body.id])).rows[0].n as number
    const before = await stored()
    // Revoked with the triggers off: no notice, so every process's cache still holds the key (a notice in flight, or lost).
    const admin = await api.database.pool.connect()
    try {
      await admin.query('begin')
      await admin.query('set local session_replication_role = replica')
      await admin.query(`update app.api_keys set revoked_at = now(), revoked_reason = 'revoked' where id = $1`, [key.body.id])
      await admin.query('commit')
    } finally {
      admin.release()
    }
    const next = await keyCall()
    expect(next.viaFront.status).toBe(401)
    expect(JSON.parse(next.viaFront.body).message).toBe(MSG_API_KEY_INVALID)
    expect(next.outcomes).toEqual(['answered'])
    const replay = await keyCall('first-__S__', body)
    expect(replay.viaFront.status).toBe(401)
    expect(replay.outcomes).toEqual(['answered'])
    expect(await stored()).toBe(before)
  })

  it('the hosted form: entries, refusals and whatever is not plainly the common case answer as Express answers them', async () => {
    const again = entrant()
    const form = (entry: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({ code, entry, device: 'device-__S__', ...extra })
    const cases: Array<[string, Record<string, string>, string, number, string | undefined, 'answered' | 'handed over' | 'express']> = [
      ['an entrant', json, form(again), 201, undefined, 'answered'],
      ['from the embed, from this origin', { ...json, origin: api.config.publicOrigin }, form(entrant(), { embed: true }), 201, undefined, 'answered'],
      ['the same entrant again the same day', json, form(again), 409, msgEntryDailyLimit(1), 'answered'],
      ['an entry the form refuses', json, form({ ...entrant(), state: 'XX' }), 400, undefined, 'answered'],
      ['no such form', json, JSON.stringify({ code: 'nosuchform', entry: entrant() }), 404, undefined, 'answered'],
      ['a body the schema refuses', json, JSON.stringify({ code, entry: 'me' }), 400, undefined, 'handed over'],
      ['not JSON', json, 'code=x', 400, MSG_BODY_NOT_JSON, 'handed over'],
      ['another origin', { ...json, origin: 'https://evil.example' }, form(entrant()), 403, MSG_CROSS_SITE_REFUSED, 'express'],
      ['an unknown API key', { ...json, authorization: 'Bearer pdk_forged' }, form(entrant()), 401, MSG_API_KEY_INVALID, 'express'],
      ['a signed-in entrant (a forged cookie)', { ...json, cookie: 'pd_session=forged' }, form(entrant()), 201, undefined, 'express'],
    ]
    for (const [name, headers, body, status, message, outcome] of cases) {
      const { viaFront, outcomes } = await pair('/api/entries/enter', headers, body)
      expect({ name, status: viaFront.status, body: viaFront.body }).toEqual({ name, status, body: expect.any(String) })
      if (message) expect({ name, message: JSON.parse(viaFront.body).message }).toEqual({ name, message })
      expect({ name, outcomes }).toEqual({ name, outcomes: outcome === 'express' ? [] : [outcome] })
    }
  })

  it('any submission or form entry, header and body: the front door answers as the gateway does (property)', async () => {
    const { id: propertyPromotion, code: propertyCode } = await openForm(alice, 3)
    let k = 0
    const answered: number[] = []
    const entries = fc.record(
      {
        name: fc.oneof({ arbitrary: fc.constant('Sam Entrant'), weight: 4 }, fc.string({ maxLength: 20 })),
        email: fc.oneof({ arbitrary: fc.constant('__E__@example.com'), weight: 4 }, fc.constant('not-an-email'), fc.constant('__E__@Example.COM')),
        postcode: fc.oneof({ arbitrary: fc.constant('2000'), weight: 4 }, fc.constantFrom('0800', 'abcd', '')),
        state: fc.oneof({ arbitrary: fc.constant('NSW'), weight: 4 }, fc.constantFrom('VIC', 'XX')),
        consents: fc.oneof({ arbitrary: fc.constant({ terms: true }), weight: 4 }, fc.constant({}), fc.constant('yes')),
      },
      { requiredKeys: ['email'] },
    )
    // Half the calls are the plainly common case (a valid entrant, sent as an agency's system or the form sends it), so the
    // fast path's own answers are always well represented; the other half vary everything.
    const validEntry = fc.constant({ name: 'Sam Entrant', email: '__E__@example.com', postcode: '2000', state: 'NSW', consents: { terms: true } })
    const commonCalls = fc.oneof(
      fc.record({
        path: fc.constant('/api/entries/submit' as const),
        promotionId: fc.constant<number | string>(propertyPromotion),
        entry: validEntry,
        idempotency: fc.constantFrom<'fresh' | 'repeat' | 'none' | 'long'>('fresh', 'repeat'),
        key: fc.constant<'alice' | 'forged' | 'basic'>('alice'),
        type: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        raw: fc.constant<string | undefined>(undefined),
      }),
      fc.record({
        path: fc.constant('/api/entries/enter' as const),
        code: fc.constant(propertyCode),
        entry: validEntry,
        embed: fc.boolean(),
        origin: fc.constantFrom<string | undefined>(undefined, 'self', api.config.publicOrigin),
        type: fc.constant('application/json'),
        raw: fc.constant<string | undefined>(undefined),
      }),
    )
    const anyCalls = fc.oneof(
      fc.record({
        path: fc.constant('/api/entries/submit' as const),
        promotionId: fc.oneof(
          { arbitrary: fc.constant(propertyPromotion), weight: 6 },
          fc.constant(bobPromotionId),
          fc.constant('x'),
          fc.integer({ min: -1, max: 3 }),
        ),
        entry: entries,
        idempotency: fc.oneof({ arbitrary: fc.constant('fresh'), weight: 4 }, fc.constantFrom('repeat', 'none', 'long')),
        key: fc.oneof({ arbitrary: fc.constant('alice'), weight: 4 }, fc.constantFrom('forged', 'basic')),
        type: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 4 },
          fc.constantFrom('Application/JSON', 'text/plain', 'application/json; charset=latin1'),
        ),
        raw: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, fc.string({ maxLength: 30 })),
      }),
      fc.record({
        path: fc.constant('/api/entries/enter' as const),
        code: fc.oneof({ arbitrary: fc.constant(propertyCode), weight: 4 }, fc.string({ maxLength: 10 })),
        entry: entries,
        embed: fc.boolean(),
        origin: fc.constantFrom(undefined, 'self', api.config.publicOrigin, 'https://evil.example'),
        type: fc.oneof({ arbitrary: fc.constant('application/json'), weight: 4 }, fc.constantFrom('application/json; charset=utf-8', 'text/plain')),
        raw: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, fc.string({ maxLength: 30 })),
      }),
    )
    const calls = fc.oneof(commonCalls, anyCalls)
    await fc.assert(
      fc.asyncProperty(calls, async (call) => {
        k += 1
        // One entrant per run (and per server): a run's refusals are its own, not an earlier run's.
        const fill = (text: string) => text.replaceAll('__E__', `p${k}.__S__`)
        if (call.path === '/api/entries/submit') {
          const idempotency = { fresh: `p${k}-__S__`, repeat: 'same-__S__', none: undefined, long: 'y'.repeat(300) }[call.idempotency]
          const authorization = { alice: `Bearer ${aliceKey}`, forged: 'Bearer pdk_forged', basic: 'Basic abc' }[call.key]
          const headers = { 'content-type': call.type, authorization, ...(idempotency ? { 'idempotency-key': idempotency } : {}) }
          const answer = await pair(call.path, headers, call.raw ?? fill(JSON.stringify({ promotionId: call.promotionId, entry: call.entry })))
          expect(answer.viaFront.status).toBeLessThan(500)
          if (answer.outcomes[0] === 'answered') answered.push(answer.viaFront.status)
        } else {
          const headers = (self: string) => ({
            'content-type': call.type,
            ...(call.origin ? { origin: call.origin === 'self' ? self : call.origin } : {}),
          })
          const body = call.raw ?? fill(JSON.stringify({ code: call.code, entry: call.entry, embed: call.embed }))
          const before = seen.length
          const viaFront = await send(frontUrl, 'POST', call.path, headers(frontUrl), tagged(body, 'f'))
          if (seen.slice(before).some((s) => s.outcome === 'answered')) answered.push(viaFront.status)
          const viaPlain = await send(plainUrl, 'POST', call.path, headers(plainUrl), tagged(body, 'p'))
          expect(normal(viaFront)).toEqual(normal(viaPlain))
          expect(viaFront.status).toBeLessThan(500)
        }
      }),
      { numRuns: 120 },
    )
    // The generated calls reach the fast path's own answers, accepted and refused, not only Express's.
    expect(answered.filter((status) => status === 201).length).toBeGreaterThan(10)
    expect(answered.filter((status) => status >= 400).length).toBeGreaterThan(5)
  })
})
