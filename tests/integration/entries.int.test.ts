/**
 * Issue 27, entry collection: a promoter builds and opens the form, entrants enter through it and
 * through the API, and every rule of the permit is checked at its boundary on real PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MSG_ENTRY_FORM_NEEDS_CONTACT,
  MSG_ENTRY_FORM_NO_DRAW,
  MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED,
  MSG_ENTRY_NOT_OPEN,
  MSG_ENTRY_STAFF_EXCLUDED,
  MSG_ENTRY_UNDER_AGE,
  MSG_ENTRY_CONSENT_REQUIRED,
  MSG_ENTRY_PHONE_INVALID,
  MSG_ENTRY_IMPORT_FILE_REQUIRED,
  MSG_ENTRY_IMPORT_RECEIVED_INVALID,
  addDays,
  addYears,
  entryPeriod,
  formatDateTime,
  msgEntryAnswerTooLong,
  msgEntryClosed,
  msgEntryDailyLimit,
  msgEntryNotStarted,
  msgEntryStateIneligible,
  sydneyDateOf,
} from '@permitdesk/shared'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { waivePayment } from '../factories/payments'
import { startTestApi, type TestApi } from '../setup/test-api'
import { submitByCode } from '../../api/src/modules/entries/submit-entry'
import { entryReceiptHandler } from '../../api/src/jobs/entry-receipts'
import { waitForMail } from '../setup/accounts'
import { createMailer } from '../../api/src/mail/create-mailer'
import { silentLogger } from '../../api/src/logger'
import { API_KEY_RATE_LIMIT } from '../../api/src/modules/api-keys/api-keys'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Customer
let promotionId: number
let code: string
let aliceKey: string
let bobKey: string

const today = () => sydneyDateOf(new Date())
const FIELDS = {
  name: 'required',
  email: 'required',
  phone: 'optional',
  postcode: 'required',
  state: 'required',
  dateOfBirth: 'required',
  receiptNumber: 'off',
  answer: 'required',
  question: 'In 25 words or less, why should you win?',
  wordLimit: 25,
  consents: [{ id: 'terms', label: 'I have read the terms and conditions', required: true }],
}
let n = 0
/** A valid entry of a new person (NSW, 30 years old). */
const person = (overrides: Record<string, unknown> = {}) => {
  n += 1
  return {
    name: `Sam Entrant${n}`,
    email: `sam.entrant${n}@example.com`,
    postcode: '2000',
    state: 'NSW',
    dateOfBirth: addYears(today(), -30),
    answer: 'Because I love the beach',
    consents: { terms: true },
    ...overrides,
  }
}
const enter = (entry: Record<string, unknown>, formCode = code) => api.client().post('/api/entries/enter', { code: formCode, entry })
const viaKey = (key: string) => ({ authorization: `Bearer ${key}` })

async function setPermit(id: number, permit: Record<string, unknown>) {
  await api.database.db.execute(sql`update app.promotions set permit = permit || ${JSON.stringify(permit)}::jsonb where id = ${id}`)
}

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
  promotionId = await createPromotion(alice.client, { randomDraw: true })
  await waivePayment(staff.client, promotionId)
  await setPermit(promotionId, {
    startDate: addDays(today(), -1),
    startTime: '09:00',
    endDate: addDays(today(), 30),
    endTime: '17:00',
    entriesPerDay: 2,
    under18s: false,
  })
  aliceKey = (await alice.client.post('/api/apiKey/create', { name: 'agency' })).body.key
  bobKey = (await bob.client.post('/api/apiKey/create', { name: 'agency' })).body.key
}, 60_000)
afterAll(async () => api?.close())

describe('the promoter builds and opens the form', () => {
  it('only a promotion with the random draw service has a form; another customer\u2019s is not found', async () => {
    const noDraw = await createPromotion(alice.client, { randomDraw: false })
    const refused = await alice.client.get(`/api/entries/form?promotionId=${noDraw}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MSG_ENTRY_FORM_NO_DRAW)
    expect((await bob.client.get(`/api/entries/form?promotionId=${promotionId}`)).status).toBe(404)
    expect((await bob.client.post('/api/entries/form/open', { promotionId, open: true })).status).toBe(404)
  })

  it('saves the fields chosen, refuses a form that cannot tell entrants apart, and opens', async () => {
    const form = await alice.client.get(`/api/entries/form?promotionId=${promotionId}`)
    expect(form.status).toBe(200)
    expect(form.body.status).toBe('closed')
    code = form.body.code
    expect(form.body.path).toBe(`/enter/${code}/`)
    const noContact = await alice.client.post('/api/entries/form/save', { promotionId, fields: { ...FIELDS, email: 'optional', phone: 'off' } })
    expect(noContact.status).toBe(400)
    expect(noContact.body.modelState.email).toEqual([MSG_ENTRY_FORM_NEEDS_CONTACT])
    const saved = await alice.client.post('/api/entries/form/save', {
      promotionId,
      fields: FIELDS,
      staffDomains: 'promoter.com.au\n@Agency.example',
      receipts: false,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.staffDomains).toEqual(['promoter.com.au', 'agency.example'])
    // Closed: the entrant is told so, and the refusal is counted.
    const closed = await enter(person())
    expect(closed.status).toBe(409)
    expect(closed.body.message).toBe(MSG_ENTRY_NOT_OPEN)
    const opened = await alice.client.post('/api/entries/form/open', { promotionId, open: true })
    expect(opened.status, opened.text).toBe(200)
    expect(opened.body.status).toBe('open')
  })

  it('an unpaid draw service cannot open a form (issue 22 decides)', async () => {
    const unpaid = await createPromotion(alice.client, { randomDraw: true })
    await setPermit(unpaid, { startDate: today(), endDate: addDays(today(), 3) })
    const open = await alice.client.post('/api/entries/form/open', { promotionId: unpaid, open: true })
    expect(open.status).toBe(402)
  })

  it('the public view names the promotion and its promoter, without personal data of anyone', async () => {
    const view = await api.client().get(`/api/entries/public?code=${code}`)
    expect(view.status).toBe(200)
    expect(view.body.promotionName).toBe('Summer giveaway')
    expect(view.body.states.map((s: { code: string }) => s.code)).toEqual(['ACT', 'NSW'])
    expect(view.body.under18s).toBe(false)
    expect((await api.client().get('/api/entries/public?code=nope')).status).toBe(404)
  })
})

describe('an entrant enters through the hosted form', () => {
  it('gets an entry number, committed with normalised keys and no raw address', async () => {
    const entry = person({ email: 'Jo.Smith+summer@GMail.com', phone: '0412 345 678', name: 'Zoë  Smith' })
    const answer = await enter(entry)
    expect(answer.status, answer.text).toBe(201)
    const number = answer.body.entryNumber
    const { rows } = await api.database.pool.query('select * from app.entries where id = $1', [number])
    expect(rows[0]).toMatchObject({
      channel: 'form',
      email_norm: 'josmith@gmail.com',
      phone_norm: '+61412345678',
      name_postcode_norm: 'zoe smith|2000',
      person_key: 'e:josmith@gmail.com',
      status: 'accepted',
      // Its row of the draw's canonical file after the number, masked, stored as it arrived (the freeze streams it).
      canonical: ',Z. S.,J***@GMail.com,**** *** 678,NSW,2000\n',
    })
    expect(rows[0].ip_hash).toMatch(/^[\w-]{32}$/)
    expect(JSON.stringify(rows[0])).not.toContain('127.0.0.1')
  })

  it('field checks answer the field\u2019s sentence and store nothing', async () => {
    const before = await api.database.pool.query('select count(*)::int as n from app.entries')
    const bad = await enter(person({ phone: '12345', consents: {}, answer: Array.from({ length: 26 }, () => 'word').join(' ') }))
    expect(bad.status).toBe(400)
    expect(bad.body.modelState).toMatchObject({
      phone: [MSG_ENTRY_PHONE_INVALID],
      'consents.terms': [MSG_ENTRY_CONSENT_REQUIRED],
      answer: [msgEntryAnswerTooLong(25, 26)],
    })
    const after = await api.database.pool.query('select count(*)::int as n from app.entries')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })

  it('a resident of a state the promotion does not cover is refused', async () => {
    const vic = await enter(person({ state: 'VIC' }))
    expect(vic.status).toBe(400)
    expect(vic.body.message).toBe(msgEntryStateIneligible('Australian Capital Territory and New South Wales'))
    expect(vic.body.modelState.state).toEqual([vic.body.message])
  })

  it('under 18 is refused the day before the 18th birthday and accepted on it', async () => {
    const young = await enter(person({ dateOfBirth: addDays(addYears(today(), -18), 1) }))
    expect(young.status).toBe(400)
    expect(young.body.message).toBe(MSG_ENTRY_UNDER_AGE)
    expect((await enter(person({ dateOfBirth: addYears(today(), -18) }))).status).toBe(201)
  })

  it('the promoter\u2019s staff (and sub-domains) are refused', async () => {
    for (const email of ['kim@promoter.com.au', 'kim@mail.agency.example']) {
      const staffEntry = await enter(person({ email }))
      expect(staffEntry.status).toBe(400)
      expect(staffEntry.body.message).toBe(MSG_ENTRY_STAFF_EXCLUDED)
    }
    expect((await enter(person({ email: 'kim@notpromoter.com.au' }))).status).toBe(201)
  })

  it('the n+1th entry of a day is refused, however the address is written; another person still enters', async () => {
    const first = await enter(person({ email: 'pat.lee@gmail.com' }))
    const second = await enter(person({ email: 'PatLee+2@googlemail.com' }))
    expect([first.status, second.status]).toEqual([201, 201])
    const third = await enter(person({ email: 'p.a.t.l.e.e@gmail.com' }))
    expect(third.status).toBe(409)
    expect(third.body.message).toBe(msgEntryDailyLimit(2))
    expect((await enter(person())).status).toBe(201)
  })

  it('the daily limit holds under concurrency: 12 simultaneous entries of one person, 2 accepted', async () => {
    const email = 'burst.person@example.com'
    const answers = await Promise.all(Array.from({ length: 12 }, () => enter(person({ email }))))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === msgEntryDailyLimit(2))).toBe(true)
    const { rows } = await api.database.pool.query('select count(*)::int as n from app.entries where email_norm = $1', [email])
    expect(rows[0].n).toBe(2)
  })
})

describe('the entry period, to the second (Sydney)', () => {
  const deps = () => ({ database: api.database, config: api.config })
  it('refuses a second before the start and a second after the close; accepts at the start and a second before the close', async () => {
    const { rows } = await api.database.pool.query('select permit from app.promotions where id = $1', [promotionId])
    const period = entryPeriod(rows[0].permit)!
    const at = (ms: number) => submitByCode(deps(), code, { channel: 'form', input: person(), now: new Date(ms) })
    await expect(at(period.opensAt.getTime() - 1000)).rejects.toMatchObject({ message: msgEntryNotStarted(formatDateTime(period.opensAt)) })
    await expect(at(period.opensAt.getTime())).resolves.toMatchObject({ replayed: false })
    await expect(at(period.closesAt.getTime() - 1000)).resolves.toMatchObject({ replayed: false })
    await expect(at(period.closesAt.getTime())).rejects.toMatchObject({ message: msgEntryClosed(formatDateTime(period.closesAt)) })
    await expect(at(period.closesAt.getTime() + 1000)).rejects.toMatchObject({ message: msgEntryClosed(formatDateTime(period.closesAt)) })
    // The close is 17:00 Sydney on the end date.
    expect(formatDateTime(period.closesAt)).toMatch(/, 5:00 pm AE[DS]T$/)
  })

  it('the per-day limit counts Sydney calendar days', async () => {
    const { rows } = await api.database.pool.query('select permit from app.promotions where id = $1', [promotionId])
    const period = entryPeriod(rows[0].permit)!
    // 23:59:59 and 00:00:01 Sydney on consecutive days of the period are different days.
    const day = addDays(sydneyDateOf(period.opensAt), 2)
    const { sydneyInstant } = await import('@permitdesk/shared')
    const midnight = sydneyInstant(day, '00:00').getTime()
    const email = 'midnight@example.com'
    const at = (ms: number) => submitByCode(deps(), code, { channel: 'form', input: person({ email }), now: new Date(ms) })
    await at(midnight - 2000)
    await at(midnight - 1000)
    await expect(at(midnight - 500)).rejects.toMatchObject({ message: msgEntryDailyLimit(2) })
    await expect(at(midnight + 1000)).resolves.toMatchObject({ replayed: false })
  })
})

describe('the API channel', () => {
  it('needs an Idempotency-Key, and a replay answers the same entry number', async () => {
    const body = { promotionId, entry: person() }
    const missing = await api.client().post('/api/entries/submit', body, viaKey(aliceKey))
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(MSG_ENTRY_IDEMPOTENCY_KEY_REQUIRED)
    const first = await api.client().post('/api/entries/submit', body, { ...viaKey(aliceKey), 'idempotency-key': 'order-1001' })
    expect(first.status, first.text).toBe(201)
    expect(first.body.replayed).toBe(false)
    const again = await api.client().post('/api/entries/submit', body, { ...viaKey(aliceKey), 'idempotency-key': 'order-1001' })
    expect(again.status).toBe(201)
    expect(again.body).toEqual({ ...first.body, replayed: true })
    // Concurrent replays of a new key: one entry.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.client().post('/api/entries/submit', { promotionId, entry: person() }, { ...viaKey(aliceKey), 'idempotency-key': 'order-1002' }),
      ),
    )
    expect(new Set(burst.map((b) => b.body.entryNumber)).size).toBe(1)
    const { rows } = await api.database.pool.query("select channel from app.entries where idempotency_key in ('order-1001', 'order-1002')")
    expect(rows.map((r) => r.channel)).toEqual(['api', 'api'])
  })

  it('a retry of an accepted entry answers it even when the person has since reached the day\u2019s limit', async () => {
    const entry = person()
    const send = (key: string) => api.client().post('/api/entries/submit', { promotionId, entry }, { ...viaKey(aliceKey), 'idempotency-key': key })
    const first = await send('limit-1')
    expect(first.status, first.text).toBe(201)
    expect((await send('limit-2')).status).toBe(201)
    const third = await send('limit-3')
    expect(third.status).toBe(409)
    expect(third.body.message).toBe(msgEntryDailyLimit(2))
    const retry = await send('limit-1')
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual({ ...first.body, replayed: true })
  })

  it('a burst of entries through a key has its own budget: past the 120 calls a minute of other calls, which stay usable', async () => {
    const key = (await alice.client.post('/api/apiKey/create', { name: 'burst agency' })).body.key
    const answers = []
    for (let i = 0; i < API_KEY_RATE_LIMIT.limit + 20; i += 20) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            api.client().post('/api/entries/submit', { promotionId, entry: person() }, { ...viaKey(key), 'idempotency-key': `burst-${i + j}` }),
          ),
        )),
      )
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201))
    const other = await api.client().get('/api/account/get', viaKey(key))
    expect(other.status).toBe(200)
  })

  it('another customer\u2019s key cannot enter into the promotion (404)', async () => {
    const other = await api.client().post('/api/entries/submit', { promotionId, entry: person() }, { ...viaKey(bobKey), 'idempotency-key': 'x-1' })
    expect(other.status).toBe(404)
  })
})

describe('the promoter\u2019s entries table', () => {
  it('pages newest first, masks personal data, searches by number and e-mail, and counts refusals per reason', async () => {
    const list = await alice.client.get(`/api/entries/list?promotionId=${promotionId}`)
    expect(list.status).toBe(200)
    expect(list.body.total).toBeGreaterThan(10)
    const numbers = list.body.entries.map((e: { entryNumber: number }) => e.entryNumber)
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers)
    expect(JSON.stringify(list.body)).not.toMatch(/sam\.entrant|Entrant\d|0412 345 678/)
    const jo = await alice.client.get(`/api/entries/list?promotionId=${promotionId}&q=${encodeURIComponent('josmith@gmail.com')}`)
    expect(jo.body.entries).toHaveLength(1)
    expect(jo.body.entries[0]).toMatchObject({ email: 'J***@GMail.com', phone: '**** *** 678', name: 'Z. S.' })
    const byNumber = await alice.client.get(`/api/entries/list?promotionId=${promotionId}&q=${jo.body.entries[0].entryNumber}`)
    expect(byNumber.body.entries.map((e: { entryNumber: number }) => e.entryNumber)).toEqual([jo.body.entries[0].entryNumber])
    const reasons = Object.fromEntries(list.body.refusals.map((r: { reason: string; count: number }) => [r.reason, r.count]))
    expect(reasons).toMatchObject({ not_open: 1, state: 1, under_age: 1, staff: 2 })
    expect(reasons.daily_limit).toBeGreaterThanOrEqual(11)
    expect((await bob.client.get(`/api/entries/list?promotionId=${promotionId}`)).status).toBe(404)
  })

  it('pages with `before` until the last', async () => {
    const seen = new Set<number>()
    let before: number | null = null
    let total = 0
    do {
      const page = await alice.client.get(`/api/entries/list?promotionId=${promotionId}${before ? `&before=${before}` : ''}`)
      total = page.body.total
      for (const e of page.body.entries) seen.add(e.entryNumber)
      before = page.body.nextBefore
    } while (before)
    expect(seen.size).toBe(total)
  })

  it('exports formula-safe CSV; another customer gets 404', async () => {
    expect((await enter(person({ name: '=HYPERLINK("http://evil.example","win")', email: 'formula@example.com' }))).status).toBe(201)
    const csv = await alice.client.get(`/api/entries/export?promotionId=${promotionId}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const line = csv.text.split('\r\n').find((l: string) => l.includes('formula@example.com'))!
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""win"")"`)
    expect(csv.text.split('\r\n')[0]).toMatch(/^Entry number,Received,Channel,Full name,Email address/)
    expect((await bob.client.get(`/api/entries/export?promotionId=${promotionId}`)).status).toBe(404)
  })

  it('a data request finds one entrant\u2019s entries by e-mail, only in the caller\u2019s promotions', async () => {
    const found = await alice.client.get(`/api/entries/entrant?email=${encodeURIComponent('PAT.LEE@gmail.com')}`)
    expect(found.status).toBe(200)
    expect(found.body.entries).toHaveLength(2)
    expect(found.body.entries[0].promotionName).toBe('Summer giveaway')
    const csv = await alice.client.get(`/api/entries/entrant/export?email=${encodeURIComponent('pat.lee@gmail.com')}`)
    expect(csv.text).toContain('PatLee+2@googlemail.com')
    expect((await bob.client.get(`/api/entries/entrant?email=${encodeURIComponent('pat.lee@gmail.com')}`)).body.entries).toEqual([])
    const staffView = await staff.client.get(`/api/entries/entrant?email=${encodeURIComponent('pat.lee@gmail.com')}`)
    expect(staffView.body.entries).toHaveLength(2)
  })
})

describe('receipts', () => {
  it('an accepted entry on a form with receipts writes the event in its transaction; the handler mails the number', async () => {
    await alice.client.post('/api/entries/form/save', { promotionId, fields: FIELDS, receipts: true })
    const entry = person({ email: 'receipt.person@example.com' })
    const answer = await enter(entry)
    expect(answer.status).toBe(201)
    const { rows } = await api.database.pool.query("select id, payload from app.outbox_events where type = 'entry.accepted'")
    expect(rows.map((r) => r.payload)).toEqual([{ entryId: answer.body.entryNumber, promotionId }])
    // The relay and pg-boss are not running here: the handler is called as its queue would.
    const handler = entryReceiptHandler({ config: api.config, mailer: createMailer(api.config, silentLogger) })
    await api.database.db.transaction((tx) => handler.handle({ id: rows[0].id, type: 'entry.accepted', payload: rows[0].payload }, tx))
    const mail = await waitForMail('receipt.person@example.com', /Your entry in Summer giveaway/, { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain(`Your entry number is ${answer.body.entryNumber}`)
    await alice.client.post('/api/entries/form/save', { promotionId, fields: FIELDS, receipts: false })
  })
})

describe('the CSV import of offline entries', () => {
  const upload = (csv: string, client = alice.client, id = promotionId) => {
    const data = new FormData()
    data.append('file', new Blob([csv]), 'offline.csv')
    return client.upload(`/api/entries/import?promotionId=${id}`, data)
  }
  it('imports each row under the same rules, judged at its received time; lists what was not accepted', async () => {
    const { rows } = await api.database.pool.query('select permit from app.promotions where id = $1', [promotionId])
    const period = entryPeriod(rows[0].permit)!
    const dob = addYears(today(), -40)
    const before = new Date(period.opensAt.getTime() - 60_000)
    const sydney = (d: Date) => {
      const p = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Australia/Sydney',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(d)
      const v = (t: string) => p.find((x) => x.type === t)!.value
      return `${v('year')}-${v('month')}-${v('day')} ${v('hour')}:${v('minute')}`
    }
    const csv = [
      'Full name,Email address,postcode,state,dateOfBirth,answer,consent:terms,received',
      `Paper One,paper.one@example.com,2000,NSW,${dob},By post,yes,`,
      `Paper Two,paper.two@example.com,2600,ACT,${dob},In store,yes,${sydney(new Date(Date.now() - 3_600_000))}`,
      `Too Early,too.early@example.com,2000,NSW,${dob},Early,yes,${sydney(before)}`,
      `Wrong State,wrong.state@example.com,3000,VIC,${dob},Vic,yes,`,
      `No Consent,no.consent@example.com,2000,NSW,${dob},No,,`,
      `Bad Time,bad.time@example.com,2000,NSW,${dob},Time,yes,tomorrow`,
    ].join('\n')
    const imported = await upload(csv)
    expect(imported.status, imported.text).toBe(200)
    expect(imported.body).toMatchObject({ rows: 6, accepted: 2, invalid: 2 })
    expect(Object.fromEntries(imported.body.refused.map((r: { reason: string; count: number }) => [r.reason, r.count]))).toEqual({ before_start: 1, state: 1 })
    expect(imported.body.problems).toEqual([
      { line: 4, message: msgEntryNotStarted(formatDateTime(period.opensAt)) },
      { line: 5, message: msgEntryStateIneligible('Australian Capital Territory and New South Wales') },
      { line: 6, message: MSG_ENTRY_CONSENT_REQUIRED },
      { line: 7, message: MSG_ENTRY_IMPORT_RECEIVED_INVALID },
    ])
    const stored = await api.database.pool.query("select channel, email_norm, canonical from app.entries where email_norm like 'paper.%' order by id")
    expect(stored.rows).toEqual([
      { channel: 'import', email_norm: 'paper.one@example.com', canonical: ',P. O.,p***@example.com,,NSW,2000\n' },
      { channel: 'import', email_norm: 'paper.two@example.com', canonical: ',P. T.,p***@example.com,,ACT,2600\n' },
    ])
  })

  it("refuses a request without a file, and another customer's promotion is not found", async () => {
    const none = await alice.client.upload(`/api/entries/import?promotionId=${promotionId}`, new FormData())
    expect(none.status).toBe(400)
    expect(none.body.message).toBe(MSG_ENTRY_IMPORT_FILE_REQUIRED)
    expect((await upload('name,email\nX,x@example.com', bob.client)).status).toBe(404)
  })
})
