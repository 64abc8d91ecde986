import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => api?.close())

const outbox = () => path.join(api.config.DATA_DIR, 'outbox')
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8')) : [])

describe('POST /api/Contact/CreateHelpContact', () => {
  it('stores the message as a customer contact, e-mails the provider and confirms', async () => {
    const response = await api.client().post('/api/Contact/CreateHelpContact', {
      name: 'Robin Example',
      email: 'robin@example.com',
      phone: '0400 000 000',
      message: 'When will my NSW permit arrive?',
      promotion: '42',
      recaptchaResponse: '',
    })
    expect(response.status).toBe(201)
    expect(response.body.message).toContain('robin@example.com')
    const { rows } = await api.database.pool.query('select * from app.customer_contacts where id = $1', [response.body.id])
    expect(rows[0]).toMatchObject({
      kind: 'help',
      source: 'contact',
      name: 'Robin Example',
      email: 'robin@example.com',
      promotion_ref: '42',
      message: 'When will my NSW permit arrive?',
    })
    expect(rows[0].received_at).toBeInstanceOf(Date)
    expect(rows[0].resolved_at).toBeNull()
    const mail = mails().find((m) => m.includes(`#${response.body.id} from Robin Example`))
    expect(mail).toBeDefined()
    expect(mail).toContain('When will my NSW permit arrive?')
  })

  it('answers bad input with 400 and a message per field', async () => {
    const response = await api.client().post('/api/Contact/CreateHelpContact', { name: '', email: 'not-an-email', message: '  ', phone: 'abc' })
    expect(response.status).toBe(400)
    expect(response.body.message).toEqual(expect.any(String))
    expect(Object.keys(response.body.modelState).sort()).toEqual(['email', 'message', 'name', 'phone'])
    expect(response.body.modelState.email).toEqual(['Please enter a valid email address.'])
  })

  it('escapes the visitor text in the e-mail to staff', async () => {
    const response = await api
      .client()
      .post('/api/Contact/CreateHelpContact', { name: 'Eve <b>bold</b>', email: 'eve@example.com', message: '<script>alert(1)</script>' })
    expect(response.status).toBe(201)
    const mail = mails().find((m) => m.includes(`#${response.body.id} from`))!
    // The plain-text part carries the text as typed; the HTML part must carry it escaped.
    expect(mail).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail).toContain('Eve &lt;b&gt;bold&lt;/b&gt;')
    expect(mail).not.toMatch(/<td>Eve <b>/)
  })
})

describe('POST /api/Contact/CreateAgencyLawFirmContact', () => {
  it('stores agency and law-firm messages with their source', async () => {
    for (const [source, kind] of [
      ['agencies', 'agency'],
      ['law-firms', 'law-firm'],
    ] as const) {
      const response = await api.client().post('/api/contact/createagencylawfirmcontact', {
        name: 'Sam Partner',
        organisation: 'Example & Co',
        email: 'sam@example.com',
        phone: '02 9000 0000',
        message: 'We run promotions for clients.',
        source,
      })
      expect(response.status, source).toBe(201)
      const { rows } = await api.database.pool.query('select kind, source, organisation from app.customer_contacts where id = $1', [response.body.id])
      expect(rows[0]).toEqual({ kind, source, organisation: 'Example & Co' })
    }
  })

  it('requires the organisation, a phone and a known source', async () => {
    const response = await api
      .client()
      .post('/api/Contact/CreateAgencyLawFirmContact', { name: 'Sam', email: 'sam@example.com', message: 'Hi', source: 'banks' })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.modelState).sort()).toEqual(['organisation', 'phone', 'source'])
  })
})

describe('the bot check', () => {
  let guarded: TestApi
  beforeAll(async () => {
    guarded = await startTestApi({ BOT_CHECK: 'altcha', ALTCHA_MAX_NUMBER: '50000' })
  })
  afterAll(async () => guarded?.close())

  it('refuses a form without a solved challenge, and stores nothing', async () => {
    const response = await guarded
      .client()
      .post('/api/Contact/CreateHelpContact', { name: 'Bot', email: 'bot@example.com', message: 'spam', recaptchaResponse: 'forged' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('reCAPTCHA is invalid.')
    const { rows } = await guarded.database.pool.query('select count(*)::int as n from app.customer_contacts')
    expect(rows[0].n).toBe(0)
  })
})
