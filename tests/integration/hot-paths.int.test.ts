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
import { MSG_BODY_NOT_JSON, MSG_CROSS_SITE_REFUSED, MSG_SESSION_REPLACED, MSG_UNAUTHENTICATED } from '@permitdesk/shared'
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
