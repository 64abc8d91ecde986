import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MSG_AGENT_BUSINESS_ADDRESS_REQUIRED,
  MSG_AGENT_PHONE_REQUIRED,
  MSG_ALREADY_REGISTERED,
  MSG_COMPLETE_ALL_FIELDS,
  MSG_EMAIL_INVALID,
  MSG_EMAIL_NOT_CONFIRMED,
  MSG_FORBIDDEN,
  MSG_LOGIN_FAILED,
  MSG_MUST_AGREE_TERMS,
  MSG_PASSWORD_TOO_SHORT,
  MSG_RESET_TOKEN_REQUIRED,
  MSG_SESSION_REPLACED,
  MSG_UNAUTHENTICATED,
  msgPasswordTokenSent,
} from '@permitdesk/shared'
import express from 'express'
import { authenticate } from '../../api/src/http/auth'
import { errorHandler } from '../../api/src/http/error-handler'
import { mountRoutes, route } from '../../api/src/http/route'
import { silentLogger } from '../../api/src/logger'
import { buildRegistration, linkIn, registerAndSignIn, signInStaff, STAFF_EMAIL, waitForMail } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => api?.close())

const count = async (sql: string, params: unknown[] = []) => Number((await api.database.pool.query(sql, params)).rows[0].count)
const userCount = () => count('select count(*) from app.users')
const confirmPath = (link: string) => new URL(link).pathname + new URL(link).search

async function register(client: Client, overrides = {}) {
  const registration = buildRegistration(overrides)
  const response = await client.post('/api/account/register', registration)
  return { registration, response }
}

describe('POST /api/account/register', () => {
  it('creates an unconfirmed account and e-mails a link that confirms it (Unconfirmed → Confirmed)', async () => {
    const client = api.client()
    const { registration, response } = await register(client, { email: 'New.Person@Example.test' })
    expect(response.status).toBe(200)
    expect(response.body.message).toContain('new.person@example.test')
    const { rows } = await api.database.pool.query('select email, email_confirmed_at, is_staff, password_hash from app.users where email = $1', [
      'new.person@example.test',
    ])
    expect(rows[0]).toMatchObject({ email: 'new.person@example.test', email_confirmed_at: null, is_staff: false })
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/)
    expect(rows[0].password_hash).not.toContain(registration.password)

    // Unconfirmed: the right password still gets no session, and a new link is sent.
    const early = await client.post('/api/account/login', { email: registration.email, password: registration.password })
    expect(early.status).toBe(403)
    expect(early.body.message).toBe(MSG_EMAIL_NOT_CONFIRMED)
    expect(client.cookie('pd_session')).toBeUndefined()

    const mail = await waitForMail('new.person@example.test', /Confirm your email/, { dataDirs: [api.config.DATA_DIR] })
    expect(mail.html).toContain('PermitDesk')
    const link = linkIn(mail, '/api/account/confirmEmail')
    expect(link.startsWith(api.config.PUBLIC_URL)).toBe(true)
    // The token is stored hashed: the raw token from the link is nowhere in the database.
    const token = new URL(link).searchParams.get('token')!
    expect(await count('select count(*) from app.account_tokens where token_hash = $1', [token])).toBe(0)

    const confirmed = await client.get(confirmPath(link))
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/account/login/?confirmed=1')
    const again = await client.get(confirmPath(link))
    expect(again.headers.get('location')).toBe('/account/login/?error=confirm')

    const login = await client.post('/api/account/login', { email: 'NEW.person@example.test', password: registration.password })
    expect(login.status).toBe(200)
    expect(login.body.agent).toBe(false)
    expect(login.body.user).toMatchObject({ email: 'new.person@example.test', firstName: 'Casey', emailConfirmed: true })
    expect(login.headers.get('set-cookie')).toMatch(/pd_session=.+; Path=\/; HttpOnly; SameSite=Lax/)
    expect(login.headers.get('set-cookie')).not.toMatch(/Secure/)
  })

  it('answers "Already registered." for an address with an account, whatever its case, and changes nothing', async () => {
    const { registration } = await register(api.client())
    const before = await userCount()
    const { response } = await register(api.client(), { email: registration.email.toUpperCase(), firstName: 'Other' })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ message: MSG_ALREADY_REGISTERED, modelState: { email: [MSG_ALREADY_REGISTERED] } })
    expect(await userCount()).toBe(before)
  })

  it('refuses the registration rules with 400 {message, modelState} and creates nothing', async () => {
    const before = await userCount()
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ agreedTerms: false }, 'agreedTerms', MSG_MUST_AGREE_TERMS],
      [{ firstName: '' }, 'firstName', MSG_COMPLETE_ALL_FIELDS],
      [{ accountName: '   ' }, 'accountName', MSG_COMPLETE_ALL_FIELDS],
      [{ email: 'not-an-email' }, 'email', MSG_EMAIL_INVALID],
      [{ password: 'short' }, 'password', MSG_PASSWORD_TOO_SHORT],
      [{ authorisedAgent: true, agentBusinessAddress: null }, 'agentBusinessAddress', MSG_AGENT_BUSINESS_ADDRESS_REQUIRED],
      [
        { authorisedAgent: true, phone: '', agentBusinessAddress: { lineOne: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' } },
        'phone',
        MSG_AGENT_PHONE_REQUIRED,
      ],
    ]
    for (const [overrides, field, message] of cases) {
      const { response } = await register(api.client(), overrides)
      expect(response.status, field).toBe(400)
      expect(response.body.modelState[field], field).toContain(message)
      expect(typeof response.body.message).toBe('string')
    }
    const wrongTypes = await api.client().post('/api/account/register', { email: 42, password: [], agreedTerms: 'yes' })
    expect(wrongTypes.status).toBe(400)
    expect(wrongTypes.body.modelState).toBeTypeOf('object')
    expect((await api.client().post('/api/account/register', '[]')).status).toBe(400)
    expect(await userCount()).toBe(before)
  })

  it('keeps the business address of an authorised agent, and never makes a customer staff', async () => {
    const address = { lineOne: '1 George St', lineTwo: '', suburb: 'Sydney', state: 'NSW', postcode: '2000' }
    const { registration, response } = await register(api.client(), {
      authorisedAgent: true,
      agentBusinessAddress: address,
      isStaff: true,
      agent: true,
    } as never)
    expect(response.status).toBe(200)
    const { rows } = await api.database.pool.query('select is_staff, authorised_agent, agent_business_address from app.users where email = $1', [
      registration.email,
    ])
    expect(rows[0]).toMatchObject({ is_staff: false, authorised_agent: true, agent_business_address: { suburb: 'Sydney', postcode: '2000' } })
  })
})

describe('POST /api/account/login', () => {
  it('refuses a wrong password and an unknown address with the same message', async () => {
    const customer = await registerAndSignIn(api.client(), {}, { api })
    for (const body of [
      { email: customer.email, password: 'wrong password' },
      { email: 'nobody@example.test', password: 'whatever1' },
    ]) {
      const response = await api.client().post('/api/account/login', body)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe(MSG_LOGIN_FAILED)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('answers bad input with 400 {message, modelState}', async () => {
    for (const body of [{}, { email: 'x@example.test' }, { email: 'nope', password: 'p' }, { email: ['a'], password: {} }]) {
      const response = await api.client().post('/api/account/login', body)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ message: expect.any(String), modelState: expect.any(Object) })
    }
  })

  it('keeps one session per user: a second login ends the first, whose check answers 403', async () => {
    const first = api.client()
    const customer = await registerAndSignIn(first, {}, { api })
    expect((await first.post('/api/account/authenticated?ts=1', { clientSession: crypto.randomUUID(), currentPath: '/promotions/' })).status).toBe(200)

    const second = api.client()
    const login = await second.post('/api/account/login', { email: customer.email, password: customer.password })
    expect(login.status).toBe(200)
    expect(second.cookie('pd_session')).not.toBe(first.cookie('pd_session'))

    const replaced = await first.post('/api/account/authenticated?ts=2', { clientSession: crypto.randomUUID(), currentPath: '/promotions/' })
    expect(replaced.status).toBe(403)
    expect(replaced.body.message).toBe(MSG_SESSION_REPLACED)
    expect((await first.get('/api/account/get')).status).toBe(401)
    expect((await second.post('/api/account/authenticated?ts=3', {})).status).toBe(200)
    expect(
      await count('select count(*) from app.sessions s join app.users u on u.id = s.user_id where u.email = $1 and s.ended_at is null', [customer.email]),
    ).toBe(1)
  })

  it('signs the staff administrator in with agent: true', async () => {
    const client = api.client()
    const staff = await signInStaff(client, api)
    expect(staff.user).toMatchObject({ email: STAFF_EMAIL, agent: true })
    const check = await client.post('/api/account/authenticated', {})
    expect(check.body).toMatchObject({ authenticated: true, agent: true })
  })
})

describe('session checks', () => {
  it('answers 401 signed out, 200 signed in, 401 after sign-out; the session row is ended', async () => {
    const client = api.client()
    expect((await client.post('/api/account/authenticated?ts=1', {})).status).toBe(401)
    await registerAndSignIn(client, {}, { api })
    expect((await client.post('/api/account/authenticated?ts=2', {})).status).toBe(200)
    const cookie = client.cookie('pd_session')!
    const out = await client.post('/api/account/logOut', {})
    expect(out.status).toBe(200)
    expect(client.cookie('pd_session')).toBeUndefined()
    const stale = await client.post('/api/account/authenticated', {}, { cookie: `pd_session=${cookie}` })
    expect(stale.status).toBe(401)
  })

  it('answers bad check input with 400', async () => {
    const client = api.client()
    await registerAndSignIn(client, {}, { api })
    const bad = await client.post('/api/account/authenticated', { clientSession: 'not-a-uuid', currentPath: 5 })
    expect(bad.status).toBe(400)
    expect(bad.body.modelState).toHaveProperty('clientSession')
    expect((await client.post('/api/account/killsessions', { clientSession: 'nope' })).status).toBe(400)
  })

  it('does not write on an ordinary check', async () => {
    const client = api.client()
    await registerAndSignIn(client, {}, { api })
    await client.post('/api/account/authenticated', {})
    const lastSeen = async () => (await api.database.pool.query('select max(last_seen_at) as t from app.sessions')).rows[0].t.getTime()
    const seen = await lastSeen()
    for (let i = 0; i < 5; i++) expect((await client.post('/api/account/authenticated', {})).status).toBe(200)
    expect(await lastSeen()).toBe(seen)
  })

  it('a GET of killsessions changes nothing (state changes by POST only)', async () => {
    const client = api.client()
    const customer = await registerAndSignIn(client, {}, { api })
    const id = crypto.randomUUID()
    expect((await client.get(`/api/account/killsessions?clientSession=${id}`)).status).toBe(404)
    const { rows } = await api.database.pool.query('select closing_at from app.sessions where user_id = $1 and ended_at is null', [customer.userId])
    expect(rows).toEqual([{ closing_at: null }])
    // Nor does a page of another origin by POST.
    expect((await client.post('/api/account/killsessions', { clientSession: id }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await api.database.pool.query('select closing_at from app.sessions where user_id = $1 and ended_at is null', [customer.userId])).rows).toEqual([
      { closing_at: null },
    ])
  })

  it('killsessions ends the session unless the browser comes back within the grace period', async () => {
    const client = api.client()
    await registerAndSignIn(client, {}, { api })
    const id = crypto.randomUUID()
    expect((await client.post('/api/account/killsessions', { clientSession: id })).status).toBe(204)
    // A reload: the next request within the grace period keeps the session.
    expect((await client.post('/api/account/authenticated', { clientSession: id })).status).toBe(200)
    expect((await client.post('/api/account/killsessions', { clientSession: id })).status).toBe(204)
    // Nobody came back: the page unloaded for good three minutes ago.
    await api.database.pool.query(`update app.sessions set closing_at = now() - interval '3 minutes' where closing_at is not null`)
    expect((await client.post('/api/account/authenticated', { clientSession: id })).status).toBe(401)
  })

  it('a session idle for over 30 minutes is over', async () => {
    const client = api.client()
    const customer = await registerAndSignIn(client, {}, { api })
    await api.database.pool.query(`update app.sessions set last_seen_at = now() - interval '31 minutes' where user_id = $1`, [customer.userId])
    expect((await client.post('/api/account/authenticated', {})).status).toBe(401)
  })
})

describe('forgot and reset password', () => {
  it('answers the same whether or not the address has an account, and e-mails a single-use link', async () => {
    const holder = api.client()
    const customer = await registerAndSignIn(holder, {}, { api })
    const unknown = await api.client().post('/api/account/forgotPassword', { email: 'nobody-here@example.test' })
    const known = await api.client().post('/api/account/forgotPassword', { email: customer.email })
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual({ message: msgPasswordTokenSent('nobody-here@example.test') })
    expect(known.body).toEqual({ message: msgPasswordTokenSent(customer.email) })

    const mail = await waitForMail(customer.email, /Reset your/, { dataDirs: [api.config.DATA_DIR] })
    const link = linkIn(mail, '/account/resetpassword/')
    const token = decodeURIComponent(new URL(link).pathname.split('/')[3]!)

    const tooShort = await api.client().post('/api/account/resetPassword', { token, password: 'short' })
    expect(tooShort.status).toBe(400)
    expect(tooShort.body.modelState.password).toContain(MSG_PASSWORD_TOO_SHORT)

    const reset = await api.client().post('/api/account/resetPassword', { token, password: 'a brand new password' })
    expect(reset.status).toBe(200)
    // Reset ends the sessions the account had.
    expect((await holder.post('/api/account/authenticated', {})).status).toBe(401)

    const reused = await api.client().post('/api/account/resetPassword', { token, password: 'another new password' })
    expect(reused.status).toBe(400)
    expect(reused.body).toMatchObject({ message: MSG_RESET_TOKEN_REQUIRED, modelState: { token: [MSG_RESET_TOKEN_REQUIRED] } })

    expect((await api.client().post('/api/account/login', { email: customer.email, password: customer.password })).status).toBe(400)
    expect((await api.client().post('/api/account/login', { email: customer.email, password: 'a brand new password' })).status).toBe(200)
    expect((await api.client().post('/api/account/login', { email: customer.email, password: 'another new password' })).status).toBe(400)
  })

  it('refuses an expired or unknown token and bad input', async () => {
    const customer = await registerAndSignIn(api.client(), {}, { api })
    await api.client().post('/api/account/forgotPassword', { email: customer.email })
    const mail = await waitForMail(customer.email, /Reset your/, { dataDirs: [api.config.DATA_DIR] })
    const token = decodeURIComponent(new URL(linkIn(mail, '/account/resetpassword/')).pathname.split('/')[3]!)
    await api.database.pool.query(`update app.account_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and user_id = $1`, [
      customer.userId,
    ])
    expect((await api.client().post('/api/account/resetPassword', { token, password: 'a brand new password' })).status).toBe(400)
    expect((await api.client().post('/api/account/resetPassword', { token: 'made-up', password: 'a brand new password' })).status).toBe(400)
    expect((await api.client().post('/api/account/resetPassword', {})).body.modelState).toHaveProperty('token')
    expect((await api.client().post('/api/account/forgotPassword', { email: 'nope' })).status).toBe(400)
    expect((await api.client().post('/api/account/login', { email: customer.email, password: customer.password })).status).toBe(200)
  })
})

describe('account get, details, support details, update', () => {
  it('answers 401 signed out', async () => {
    for (const path of ['/api/account/get', '/api/account/getDetails', '/api/account/getSupportDetails']) {
      const response = await api.client().get(path)
      expect(response.status, path).toBe(401)
      expect(response.body.message).toBe(MSG_UNAUTHENTICATED)
    }
    expect((await api.client().post('/api/account/update', { firstName: 'X' })).status).toBe(401)
  })

  it('returns the user, the details and the support details', async () => {
    const client = api.client()
    const customer = await registerAndSignIn(client, {}, { api })
    const me = await client.get('/api/account/get')
    expect(me.body).toMatchObject({ userId: customer.userId, email: customer.email, accountName: customer.accountName, agent: false, loaded: true })
    expect(me.body).not.toHaveProperty('passwordHash')
    expect((await client.get('/api/account/current')).body).toMatchObject({ authenticated: true, user: { userId: customer.userId, email: customer.email } })
    expect((await api.client().get('/api/account/current')).body).toEqual({ authenticated: false, user: null })
    expect((await client.get('/api/account/getDetails')).body).toMatchObject({ email: customer.email, createdAt: expect.any(String) })
    const support = await client.get('/API/Account/GetSupportDetails')
    expect(support.body).toEqual({ name: 'Casey Customer', organisation: customer.accountName, phone: customer.phone, email: customer.email, promotions: [] })
  })

  it('updates the account, applies the agent rules, and cannot change the e-mail or the staff flag', async () => {
    const client = api.client()
    const customer = await registerAndSignIn(client, {}, { api })
    const bad = await client.post('/api/account/update', { firstName: 'Jo', lastName: 'Smith', accountName: 'Jo Co', authorisedAgent: true, phone: '' })
    expect(bad.status).toBe(400)
    expect(bad.body.modelState.agentBusinessAddress).toContain(MSG_AGENT_BUSINESS_ADDRESS_REQUIRED)
    expect(bad.body.modelState.phone).toContain(MSG_AGENT_PHONE_REQUIRED)
    expect((await client.get('/api/account/get')).body.firstName).toBe('Casey')

    const ok = await client.post('/api/account/update', {
      firstName: 'Jo',
      lastName: 'Smith',
      accountName: 'Jo Co',
      phone: '0400 000 000',
      authorisedAgent: true,
      optedIntoCommunication: true,
      agentBusinessAddress: { lineOne: '2 King St', suburb: 'Melbourne', state: 'VIC', postcode: '3000' },
      email: 'hijack@example.test',
      isStaff: true,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({
      firstName: 'Jo',
      phone: '0400000000',
      authorisedAgent: true,
      optedIntoCommunication: true,
      email: customer.email,
      agent: false,
    })
    expect(await count('select count(*) from app.users where email = $1 and is_staff', [customer.email])).toBe(0)
  })
})

describe('the route access contract', () => {
  it("access 'user' answers 401 signed out; access 'staff' answers 401 signed out and 403 to customers", async () => {
    const app = express()
    app.use(authenticate(api))
    app.use(
      mountRoutes([
        route({ method: 'get', path: '/user', access: 'user', summary: 'test', handler: ({ user }) => user }),
        route({ method: 'get', path: '/staff', access: 'staff', summary: 'test', handler: () => ({ ok: true }) }),
      ]),
    )
    app.use(errorHandler(silentLogger))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    try {
      const customerClient = api.client()
      const customer = await registerAndSignIn(customerClient, {}, { api })
      const cookie = `pd_session=${customerClient.cookie('pd_session')}`
      expect((await fetch(`${base}/user`)).status).toBe(401)
      expect((await fetch(`${base}/staff`)).status).toBe(401)
      const user = await fetch(`${base}/user`, { headers: { cookie } })
      expect(await user.json()).toMatchObject({ id: customer.userId, email: customer.email, isStaff: false, authorisedAgent: false })
      const denied = await fetch(`${base}/staff`, { headers: { cookie } })
      expect(denied.status).toBe(403)
      expect((await denied.json()).message).toBe(MSG_FORBIDDEN)
      const staffClient = api.client()
      await signInStaff(staffClient, api)
      expect((await fetch(`${base}/staff`, { headers: { cookie: `pd_session=${staffClient.cookie('pd_session')}` } })).status).toBe(200)
    } finally {
      await new Promise((r) => server.close(r))
    }
  })
})
