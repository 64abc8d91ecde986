import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'
import { solveChallenge } from 'altcha-lib'
import { MSG_LOGIN_FAILED, MSG_RATE_LIMITED, MSG_RECAPTCHA_INVALID, msgPasswordTokenSent } from '@permitdesk/shared'
import { RATE_LIMITS } from '../../api/src/modules/account/rate-limit'
import { buildRegistration, linkIn } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { pollUntil } from '../setup/poll'

/** A real SMTP server in the test process that receives and parses every message. */
type Received = { to: string; subject: string; html: string; text: string }
let smtp: SMTPServer
let smtpPort = 0
const received: Received[] = []
let api: TestApi

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks))
        received.push({ to: mail.to?.map((a) => a.address).join(', ') ?? '', subject: mail.subject ?? '', html: mail.html ?? '', text: mail.text ?? '' })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  smtpPort = (smtp.server.address() as { port: number }).port
  api = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'PermitDesk <hello@permitdesk.test>' })
})
afterAll(async () => {
  await api?.close()
  await new Promise<void>((resolve) => smtp?.close(() => resolve()))
})

function mailTo(to: string, subject: RegExp): Promise<Received> {
  return pollUntil(() => received.filter((m) => m.to === to && subject.test(m.subject)).at(-1), `a mail to ${to}`, { intervalMs: 25 })
}

async function registerConfirmed(client: Client) {
  const registration = buildRegistration()
  expect((await client.post('/api/account/register', registration)).status).toBe(200)
  const mail = await mailTo(registration.email, /Confirm your email/)
  const link = new URL(linkIn(mail, '/api/account/confirmEmail'))
  await client.get(link.pathname + link.search)
  return registration
}

describe('mail through SMTP_URL', () => {
  it('sends the confirmation e-mail in HTML and plain text, branded, from MAIL_FROM', async () => {
    const registration = await registerConfirmed(api.client())
    const mail = await mailTo(registration.email, /Confirm your email/)
    expect(mail.subject).toBe('Confirm your email address for PermitDesk')
    expect(mail.html).toContain('Confirm my email address')
    expect(mail.text).toContain('Welcome, Casey')
    expect(mail.html).toContain('hello@permitdesk.test')
    expect((await api.client().post('/api/account/login', { email: registration.email, password: registration.password })).status).toBe(200)
  })
})

describe('brute-force limits', () => {
  it('locks an account after too many failed logins, even with the right password, with a clear message', async () => {
    const client = api.client()
    const registration = await registerConfirmed(client)
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.limit; i++) {
      const response = await client.post('/api/account/login', { email: registration.email, password: 'wrong password' })
      expect(response.body.message).toBe(MSG_LOGIN_FAILED)
    }
    const locked = await client.post('/api/account/login', { email: registration.email, password: registration.password })
    expect(locked.status).toBe(429)
    expect(locked.body.message).toMatch(/^Too many attempts\. For your security, please wait 15 minutes and try again\.$/)
    expect(locked.body.message).not.toBe(MSG_RATE_LIMITED)
    expect(client.cookie('pd_session')).toBeUndefined()
    // The counter lives in PostgreSQL (shared by every API process); when its window ends, login works again.
    await api.database.pool.query(`update app.rate_limits set reset_at = now() - interval '1 second' where key = $1`, [`login:account:${registration.email}`])
    expect((await client.post('/api/account/login', { email: registration.email, password: registration.password })).status).toBe(200)
  })

  it('limits forgot-password requests per address', async () => {
    const registration = await registerConfirmed(api.client())
    for (let i = 0; i < RATE_LIMITS.forgotPerAccount.limit; i++) {
      const response = await api.client().post('/api/account/forgotPassword', { email: registration.email })
      expect(response.body.message).toBe(msgPasswordTokenSent(registration.email))
    }
    const limited = await api.client().post('/api/account/forgotPassword', { email: registration.email })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/Too many attempts/)
  })

  it('limits failed logins per client address across accounts', async () => {
    await api.database.pool.query(
      `insert into app.rate_limits (key, count, reset_at) values ('login:address:127.0.0.1', $1, now() + interval '10 minutes') on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`,
      [RATE_LIMITS.loginPerAddress.limit],
    )
    const response = await api.client().post('/api/account/login', { email: 'someone@example.test', password: 'whatever1' })
    expect(response.status).toBe(429)
    expect(response.body.message).toContain('10 minutes')
    await api.database.pool.query(`delete from app.rate_limits where key = 'login:address:127.0.0.1'`)
  })
})

describe('bot check (BOT_CHECK=altcha)', () => {
  let altcha: TestApi
  beforeAll(async () => {
    altcha = await startTestApi({ BOT_CHECK: 'altcha', ALTCHA_MAX_NUMBER: '50000' })
  })
  afterAll(async () => altcha?.close())

  async function solved(client: Client) {
    const challenge = await client.get('/api/botcheck/challenge')
    expect(challenge.status).toBe(200)
    const solution = await solveChallenge(challenge.body.challenge, challenge.body.salt, challenge.body.algorithm, challenge.body.maxnumber).promise
    return Buffer.from(JSON.stringify({ ...challenge.body, number: solution!.number })).toString('base64')
  }

  it('tells the forms which check to show', async () => {
    expect((await altcha.client().get('/api/botcheck/config')).body).toEqual({ mode: 'altcha' })
  })

  it('refuses login, register and forgot password without a solved challenge', async () => {
    const client = altcha.client()
    for (const [path, body] of [
      ['/api/account/login', { email: 'a@example.test', password: 'whatever1' }],
      ['/api/account/register', buildRegistration()],
      ['/api/account/forgotPassword', { email: 'a@example.test' }],
    ] as const) {
      for (const recaptchaResponse of [undefined, 'garbage', Buffer.from('{"signature":"x"}').toString('base64')]) {
        const response = await client.post(path, { ...body, recaptchaResponse })
        expect(response.status, path).toBe(400)
        expect(response.body).toMatchObject({ message: MSG_RECAPTCHA_INVALID, modelState: { recaptchaResponse: [MSG_RECAPTCHA_INVALID] } })
      }
    }
    expect(Number((await altcha.database.pool.query('select count(*) from app.users')).rows[0].count)).toBe(0)
  })

  it('accepts a solved challenge once', async () => {
    const client = altcha.client()
    const registration = buildRegistration()
    const token = await solved(client)
    expect((await client.post('/api/account/register', { ...registration, recaptchaResponse: token })).status).toBe(200)
    const replay = await client.post('/api/account/register', { ...buildRegistration(), recaptchaResponse: token })
    expect(replay.status).toBe(400)
    expect(replay.body.message).toBe(MSG_RECAPTCHA_INVALID)
    const forgot = await client.post('/api/account/forgotPassword', { email: registration.email, recaptchaResponse: await solved(client) })
    expect(forgot.status).toBe(200)
  })
})

describe('cookie flags in production', () => {
  it('marks the session cookie Secure', async () => {
    const prod = await startTestApi({
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      BOT_CHECK: 'altcha',
      ALTCHA_MAX_NUMBER: '50000',
      PAYLOAD_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://permits.example',
    })
    try {
      const client = prod.client()
      const registration = buildRegistration()
      const { ensureStaffAdmin } = await import('../../api/src/modules/account/ensure-staff-admin')
      const { silentLogger } = await import('../../api/src/logger')
      await ensureStaffAdmin(prod.database.db, { ADMIN_EMAIL: registration.email, ADMIN_PASSWORD: registration.password }, silentLogger)
      const challenge = (await client.get('/api/botcheck/challenge')).body
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
      const recaptchaResponse = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
      const login = await client.post(
        '/api/account/login',
        { email: registration.email, password: registration.password, recaptchaResponse },
        { origin: 'https://permits.example' },
      )
      expect(login.status).toBe(200)
      expect(login.body.agent).toBe(true)
      expect(login.headers.get('set-cookie')).toMatch(/^__Host-pd_session=.*HttpOnly; Secure; SameSite=Lax/)
    } finally {
      await prod.close()
    }
  })
})
