import {
  MSG_REMINDER_NO_DATE,
  MSG_REMINDER_PAST,
  MSG_UNSUBSCRIBE_LINK_INVALID,
  REMINDER_DATE_SETTINGS,
  addBusinessDays,
  addDays,
  daysLeft,
  formatDate,
  formatSydneyDateAndTime,
  sydneyDateOf,
  sydneyInstant,
} from '@permitdesk/shared'
import ical from 'node-ical'
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReminderWorker } from '../../api/src/jobs/reminders'
import { silentLogger } from '../../api/src/logger'
import { createMailer } from '../../api/src/mail/create-mailer'
import { REMINDER_QUEUE } from '../../api/src/modules/reminders/reminder-queue'
import { startOutboxRelay } from '../../api/src/events/delivery'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, promotionInput, type Customer } from '../factories/promotions'
import { readOutbox, signInStaff } from '../setup/accounts'
import { isValidUnsubscribeToken, unsubscribeToken } from '../../api/src/modules/reminders/unsubscribe-token'
import { startTestApi, type TestApi } from '../setup/test-api'
import { pollUntil } from '../setup/poll'

let api: TestApi
let alice: Customer
let bob: Customer
/** The workers' clock: the real one unless a test moved it (advanceTo). */
let fakeNow: Date | undefined
const workerNow = () => fakeNow ?? new Date()
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
})

/** A promotion of Alice with a complete application (dates 33 to 170 days ahead). */
async function promotionWithDates(customer = alice) {
  const id = await createPromotion(customer.client)
  const saved = await savePromotion(customer.client, id, withCompleteApplication)
  if (saved.status !== 200) throw new Error(`save failed: ${saved.text}`)
  return { id, permit: saved.body.permit }
}

const until = <T>(probe: () => Promise<T | undefined | false>, what: string) => pollUntil(probe, what)

async function jobsOf(promotionId: number) {
  const rows = await api.database.db.execute(
    sql`select data, start_after, state from pgboss.job where name = ${REMINDER_QUEUE} and (data->>'promotionId')::int = ${promotionId} order by data->>'reminderDate', created_on`,
  )
  return rows.rows as { data: { kind: string; reminderDate: string }; start_after: Date; state: string }[]
}

/** Moves the fake clock, and the queue's clock with it: jobs due by then become available now. */
async function advanceTo(instant: Date) {
  fakeNow = instant
  await api.database.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${REMINDER_QUEUE} and state = 'created' and start_after <= ${instant.toISOString()}::timestamptz`,
  )
}

/** Every event the reminder worker subscribes to has been handled (both handlers). */
async function remindersSettled() {
  await expect
    .poll(
      async () => {
        const [row] = (
          await api.database.db.execute(
            sql`select (select count(*) from app.outbox_events where type in ('promotion.saved', 'reminders.saved'))::int as published, (select count(*) from app.handled_events where handler like 'reminders-on-%')::int as handled`,
          )
        ).rows as { published: number; handled: number }[]
        return row!.handled === row!.published
      },
      { timeout: 15_000 },
    )
    .toBe(true)
}

async function mailsFor(promotionId: number) {
  return (await readOutbox(api.config.DATA_DIR)).filter((mail) => mail.text.includes(`/promotions/edit/${promotionId}/`))
}

describe('GET /api/Reminder/getReminderDateSettings', () => {
  it('answers every kind with its default offset', async () => {
    const response = await api.client().get('/api/reminder/getreminderdatesettings')
    expect(response.status).toBe(200)
    expect(response.body).toEqual(REMINDER_DATE_SETTINGS)
    expect(response.body.find((s: any) => s.kind === 'required-date')).toMatchObject({ daysBefore: 3, businessDays: true })
    expect(response.body.find((s: any) => s.kind === 'nsw-authority-expiry')).toMatchObject({ daysBefore: 30 })
  })
})

describe('POST /api/Reminder/save and GET /api/Reminder/get', () => {
  it('saves reminders for the account holder and a list, and answers the plan with the dates and days left', async () => {
    const { id, permit } = await promotionWithDates()
    const list = (await alice.client.post('/api/DistributionList/create', { name: 'Team' })).body
    const saved = await alice.client.post('/api/Reminder/save', {
      promotionId: id,
      reminders: [
        { kind: 'required-date', accountHolder: true, distributionListIds: [list.id] },
        { kind: 'start', accountHolder: false, distributionListIds: [list.id], daysBefore: 2 },
        { kind: 'sa-publication' },
      ],
    })
    expect(saved.status).toBe(200)
    const byKind = Object.fromEntries(saved.body.reminders.map((r: any) => [r.kind, r]))
    expect(byKind['required-date']).toMatchObject({
      status: 'scheduled',
      date: permit.requiredDate,
      reminderDate: addBusinessDays(permit.requiredDate, -3),
      sendAt: sydneyInstant(addBusinessDays(permit.requiredDate, -3), '08:00').toISOString(),
      accountHolder: true,
      distributionListIds: [list.id],
    })
    expect(byKind.start).toMatchObject({ status: 'scheduled', reminderDate: addDays(permit.startDate, -2), daysBefore: 2, accountHolder: false })
    // No SA in this promotion: the date does not exist, and the answer says so.
    expect(byKind['sa-publication']).toMatchObject({ status: 'no-date', message: MSG_REMINDER_NO_DATE })

    const view = (await alice.client.get(`/api/Reminder/get?promotionId=${id}`)).body
    expect(view.reminders).toEqual(saved.body.reminders)
    expect(view.unsubscribed).toBe(false)
    expect(view.distributionLists).toEqual([expect.objectContaining({ id: list.id, name: 'Team' })])
    const start = view.dates.find((d: any) => d.kind === 'start')
    expect(start).toMatchObject({ date: permit.startDate, time: '09:00', label: 'Promotion starts', daysLeft: daysLeft(permit.startDate, { now: new Date() }) })
    expect(view.dates.map((d: any) => d.kind)).toEqual(['required-date', 'start', 'end', 'final-draw', 'notification', 'act-publication', 'unclaimed-draw'])

    // Queued through pg-boss? Not in this file's API-only app (no queue yet); covered below.
    const log = (await api.database.db.execute(sql`select action from app.changelog where promotion_id = ${id} and action = 'save-reminders'`)).rows
    expect(log).toHaveLength(1)
  })

  it('says so when a reminder date has already passed, instead of sending it late', async () => {
    const { id } = await promotionWithDates()
    const response = await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'start', daysBefore: 60 }] })
    expect(response.body.reminders[0]).toMatchObject({ status: 'past', message: MSG_REMINDER_PAST })
  })

  it('refuses an unknown kind or a bad offset with messages', async () => {
    const { id } = await promotionWithDates()
    expect((await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'birthday' }] })).status).toBe(400)
    const bad = await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'start', daysBefore: -1 }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Please enter a whole number of days between 0 and 365.')
  })

  it("answers 401 signed out and 404 for another customer's promotion", async () => {
    const { id } = await promotionWithDates()
    expect((await api.client().post('/api/Reminder/save', { promotionId: id, reminders: [] })).status).toBe(401)
    expect((await api.client().get(`/api/Reminder/get?promotionId=${id}`)).status).toBe(401)
    expect((await bob.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'start' }] })).status).toBe(404)
    expect((await bob.client.get(`/api/Reminder/get?promotionId=${id}`)).status).toBe(404)
    expect((await bob.client.post('/api/unsubscribe/resubscribeToPromotion', { promotionId: id })).status).toBe(404)
  })
})

describe('calendar', () => {
  it('downloads the promotion\u2019s duties as iCalendar: one event per duty of its compliance calendar, with its rule and source (issue #30)', async () => {
    const { id, permit } = await promotionWithDates()
    const response = await alice.client.get(`/promotions/DownloadCalendarFile/${id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(response.headers.get('content-disposition')).toContain(`promotion-${id}-dates.ics`)
    const events = Object.values(ical.sync.parseICS(response.text)).filter((c: any) => c.type === 'VEVENT') as any[]
    const { obligations } = (await alice.client.get(`/api/promotion/obligations?id=${id}`)).body
    expect(obligations.length).toBeGreaterThan(2)
    expect(events.map((e) => e.uid.split('@')[0]).sort()).toEqual(obligations.map((o: any) => `promotion-${id}-${o.code}`).sort())
    for (const o of obligations) {
      const event = events.find((e) => e.uid.startsWith(`promotion-${id}-${o.code}@`))
      expect(event.summary, o.code).toContain(o.title)
      expect(event.description, o.code).toContain(o.rule)
      if (o.source) expect(event.description, o.code).toContain(o.source.title)
      if (o.code !== 'draw' && o.code !== 'unclaimed-draw') {
        expect(event.start.dateOnly, o.code).toBe(true)
        expect(event.description, o.code).toContain(formatDate(o.dueDate))
      }
    }
    // The draw is at the application's time, Sydney.
    const draw = events.find((e) => e.uid.startsWith(`promotion-${id}-draw@`))
    expect(draw.start.toISOString()).toBe(sydneyInstant(permit.finalDraw.date, permit.finalDraw.time).toISOString())
    expect(draw.description).toContain(formatSydneyDateAndTime(permit.finalDraw.date, permit.finalDraw.time))
  })

  it('the feed of a NSW + SA + VIC promotion is its obligations, closed ones marked done', async () => {
    const dana = await createCustomer(api)
    const id = await createPromotion(dana.client, { name: 'Three states', ausStates: { nsw: true, sa: true, vic: true }, totalPrizeValue: 20_000 })
    const saved = await savePromotion(dana.client, id, (p) => {
      const complete = withCompleteApplication(p)
      return {
        ...complete,
        maxPrizeValue: 8_000,
        permit: {
          ...complete.permit,
          startDate: '2027-03-22',
          endDate: '2027-04-30',
          finalDraw: { ...complete.permit.finalDraw, date: '2027-05-03' },
          unclaimedDraw: { ...complete.permit.unclaimedDraw, date: '2027-08-02' },
        },
      }
    })
    expect(saved.status).toBe(200)
    expect((await dana.client.post('/api/promotion/closeObligation', { id, code: 'lodge-sa', link: 'https://www.cbs.sa.gov.au/receipt/1' })).status).toBe(200)
    const { obligations } = (await dana.client.get(`/api/promotion/obligations?id=${id}`)).body
    expect(obligations.map((o: any) => o.code)).toEqual(
      expect.arrayContaining(['lodge-sa', 'notify-nsw', 'publish-winners-vic', 'notify-winners-sa', 'deliver-prizes-vic', 'keep-records']),
    )
    const feed = (await dana.client.get('/api/calendar/getFeed')).body
    const events = Object.values(ical.sync.parseICS((await api.client().get(new URL(feed.url).pathname)).text)).filter((c: any) => c.type === 'VEVENT') as any[]
    const asDuties = events
      .map((e) => ({ code: e.uid.split('@')[0].replace(`promotion-${id}-`, ''), e }))
      .map(({ code, e }) => ({
        code,
        dueDate: e.start.dateOnly ? sydneyDateOf(new Date(e.start.getTime() + 12 * 3600_000)) : sydneyDateOf(e.start),
        done: String(e.summary).startsWith('Done: '),
        rule: obligations.find((o: any) => o.code === code) && String(e.description).includes(obligations.find((o: any) => o.code === code).rule),
      }))
    expect(asDuties.sort((a, b) => a.code.localeCompare(b.code))).toEqual(
      obligations
        .map((o: any) => ({ code: o.code, dueDate: o.dueDate, done: o.status === 'done', rule: true }))
        .sort((a: any, b: any) => a.code.localeCompare(b.code)),
    )
  })

  it("answers 401 signed out and 404 for another customer's promotion", async () => {
    const { id } = await promotionWithDates()
    expect((await api.client().get(`/promotions/downloadcalendarfile/${id}`)).status).toBe(401)
    expect((await bob.client.get(`/promotions/downloadcalendarfile/${id}`)).status).toBe(404)
    expect((await alice.client.get('/promotions/downloadcalendarfile/999999')).status).toBe(404)
    const staff = api.client()
    await signInStaff(staff, api)
    expect((await staff.get(`/promotions/downloadcalendarfile/${id}`)).status).toBe(200)
  })

  it('serves a private feed of every promotion at a secret address that can be regenerated', async () => {
    const carol = await createCustomer(api)
    const first = await promotionWithDates(carol)
    const second = await promotionWithDates(carol)
    const feed = (await carol.client.get('/api/calendar/getFeed')).body
    expect(feed.webcalUrl).toMatch(/^webcal:\/\/.+\/calendar\/feed\/[\w-]+\.ics$/)
    const path = new URL(feed.url).pathname
    const text = (await api.client().get(path)).text
    const uids = Object.values(ical.sync.parseICS(text))
      .map((c: any) => c.uid)
      .filter(Boolean)
    for (const { id } of [first, second]) {
      const { obligations } = (await carol.client.get(`/api/promotion/obligations?id=${id}`)).body
      expect(
        uids
          .filter((uid: string) => uid.startsWith(`promotion-${id}-`))
          .map((uid: string) => uid.split('@')[0])
          .sort(),
      ).toEqual(obligations.map((o: any) => `promotion-${id}-${o.code}`).sort())
    }
    // Shown once (issue 24): asked again, it says when it was made; only its hash is stored.
    const again = (await carol.client.get('/api/calendar/getFeed')).body
    expect(again).toEqual({ url: null, webcalUrl: null, createdAt: feed.createdAt })
    const secret = path
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '')
    const stored = (await api.database.pool.query('select * from app.calendar_feeds')).rows
    expect(JSON.stringify(stored)).not.toContain(secret)

    const renewed = (await carol.client.post('/api/calendar/regenerateFeed')).body
    expect(renewed.url).not.toBe(feed.url)
    expect((await api.client().get(path)).status).toBe(404)
    expect((await api.client().get(new URL(renewed.url).pathname)).status).toBe(200)
    expect((await api.client().get('/api/calendar/getFeed')).status).toBe(401)
  })
})

describe('the unsubscribe page of the e-mails', () => {
  it('stops the reminders from the form without signing in, and refuses a wrong token', async () => {
    const { id } = await promotionWithDates()
    const token = await unsubscribeToken({ config: api.config, database: api.database }, id, 'lee@example.com')
    const form = (t: string) => new URLSearchParams({ promotionId: String(id), email: 'lee@example.com', token: t }).toString()
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    const wrong = await api.client().request('POST', '/unsubscribe/', form(token.slice(1) + 'x'), headers)
    expect(wrong.status).toBe(404)
    expect(wrong.text).toContain(MSG_UNSUBSCRIBE_LINK_INVALID)
    const done = await api.client().request('POST', '/unsubscribe/', form(token), headers)
    expect(done.status).toBe(200)
    expect(done.text).toContain('You will no longer receive reminders for this promotion.')
    const rows = (await api.database.db.execute(sql`select email from app.promotion_unsubscribes where promotion_id = ${id}`)).rows
    expect(rows).toEqual([{ email: 'lee@example.com' }])
    // From another site: refused (CSRF).
    expect((await api.client().request('POST', '/unsubscribe/', form(token), { ...headers, origin: 'https://evil.example' })).status).toBe(403)
  })
})

describe('unsubscribe links expire (issue 24)', () => {
  it('work for a year, not after, and a later reminder carries a fresh one', async () => {
    const { id } = await promotionWithDates()
    const deps = { config: api.config, database: api.database }
    const sent = new Date('2026-01-10T00:00:00Z')
    const token = await unsubscribeToken(deps, id, 'kim@example.com', sent)
    expect(await isValidUnsubscribeToken(deps, id, 'kim@example.com', token, new Date('2027-01-09T00:00:00Z'))).toBe(true)
    expect(await isValidUnsubscribeToken(deps, id, 'kim@example.com', token, new Date('2027-01-10T00:00:01Z'))).toBe(false)
    // The expiry is signed: moving it on breaks the token.
    const [expires, mac] = token.split('.')
    expect(await isValidUnsubscribeToken(deps, id, 'kim@example.com', `${Number(expires) + 86_400 * 365}.${mac}`, new Date('2027-06-01T00:00:00Z'))).toBe(false)
    // Another address or promotion, and the old form without an expiry, are refused.
    expect(await isValidUnsubscribeToken(deps, id, 'other@example.com', token, sent)).toBe(false)
    expect(await isValidUnsubscribeToken(deps, id + 1, 'kim@example.com', token, sent)).toBe(false)
    expect(await isValidUnsubscribeToken(deps, id, 'kim@example.com', mac!, sent)).toBe(false)
    // A reminder a month later carries its own token, good for a year from then.
    const later = await unsubscribeToken(deps, id, 'kim@example.com', new Date('2026-02-10T00:00:00Z'))
    expect(later).not.toBe(token)
    expect(await isValidUnsubscribeToken(deps, id, 'kim@example.com', later, new Date('2027-02-01T00:00:00Z'))).toBe(true)
  })
})

describe('reminders through the job queue (fake clock, two workers)', () => {
  let bossA: PgBoss
  let bossB: PgBoss
  const stops: Array<() => Promise<void>> = []
  beforeAll(async () => {
    const deps = { config: api.config, database: api.database, logger: silentLogger, mailer: createMailer(api.config, silentLogger), now: workerNow }
    bossA = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
    bossB = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
    await bossA.start()
    await bossB.start()
    stops.push(await startReminderWorker(bossA, deps, { pollingIntervalSeconds: 0.5 }))
    stops.push(await startReminderWorker(bossB, deps, { pollingIntervalSeconds: 0.5 }))
    // Saves publish events; the relay (main.ts runs one) hands them to the workers' handlers.
    stops.push(startOutboxRelay(bossA, { database: api.database, logger: silentLogger }, { pollingIntervalMs: 250 }))
  })
  afterAll(async () => {
    for (const stop of stops) await stop()
    await bossA?.stop({ graceful: false, close: true })
    await bossB?.stop({ graceful: false, close: true })
    fakeNow = undefined
  })

  it('schedules on save, re-plans when the start date moves, sends once to the holder and the list, and not after unsubscribe', async () => {
    fakeNow = undefined
    const { id, permit } = await promotionWithDates()
    const list = (await alice.client.post('/api/DistributionList/create', { name: 'Reminder team' })).body
    await alice.client.post('/api/DistributionList/addEmail', { id: list.id, emails: 'sam@example.com\nkim@example.com' })
    const saved = await alice.client.post('/api/Reminder/save', {
      promotionId: id,
      reminders: [
        { kind: 'start', accountHolder: true, distributionListIds: [list.id] },
        { kind: 'final-draw', accountHolder: true, distributionListIds: [list.id] },
      ],
    })
    expect(saved.status).toBe(200)

    // Scheduled: one job per reminder, waiting for 8:00 AM Sydney on its day.
    const firstStart = addDays(permit.startDate, -1)
    // Queued by the worker once the save's `reminders.saved` event is delivered.
    await expect.poll(async () => (await jobsOf(id)).length, { timeout: 15_000 }).toBe(2)
    let jobs = await jobsOf(id)
    expect(jobs.map((j) => [j.data.kind, j.data.reminderDate, j.state])).toEqual([
      ['start', firstStart, 'created'],
      ['final-draw', permit.finalDraw.date, 'created'],
    ])
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe(sydneyInstant(firstStart, '08:00').toISOString())

    // The start moves 5 days later: the promotion save re-plans the reminder.
    const newStart = addDays(permit.startDate, 5)
    const moved = await savePromotion(alice.client, id, (p) => ({ ...p, permit: { ...p.permit, startDate: newStart } }))
    expect(moved.status).toBe(200)
    const newReminderDate = addDays(newStart, -1)
    await expect.poll(async () => (await jobsOf(id)).length, { timeout: 15_000 }).toBe(3)
    jobs = await jobsOf(id)
    expect(jobs.filter((j) => j.data.kind === 'start').map((j) => j.data.reminderDate)).toEqual([firstStart, newReminderDate])

    // Time passes beyond both: the stale job sends nothing, the new one sends once to each address.
    await advanceTo(sydneyInstant(newReminderDate, '09:00'))
    const recipients = [alice.email, 'sam@example.com', 'kim@example.com'].map((e) => e.toLowerCase()).sort()
    const startMails = await until(async () => {
      const mails = (await mailsFor(id)).filter((m) => m.subject.startsWith('Reminder: Promotion starts'))
      const states = (await jobsOf(id)).filter((j) => j.data.kind === 'start').map((j) => j.state)
      return mails.length >= 3 && states.every((s) => s === 'completed') && mails
    }, 'the start reminders')
    expect(startMails.map((m) => m.to).sort()).toEqual(recipients)
    expect(startMails.every((m) => m.subject.includes(newStart.split('-')[0]!))).toBe(true)

    // A second copy of the job in each worker (as after a restart) sends nothing more.
    for (const boss of [bossA, bossB]) await boss.send(REMINDER_QUEUE, { promotionId: id, kind: 'start', reminderDate: newReminderDate })
    await until(async () => (await jobsOf(id)).every((j) => j.data.kind !== 'start' || j.state === 'completed'), 'the duplicate jobs')
    expect((await mailsFor(id)).filter((m) => m.subject.startsWith('Reminder: Promotion starts'))).toHaveLength(3)
    const deliveries = (await api.database.db.execute(sql`select email from app.reminder_deliveries where promotion_id = ${id} and kind = 'start'`)).rows
    expect(deliveries).toHaveLength(3)

    // Sam follows the link in the mail: no sign-in, a signed token.
    const samMail = startMails.find((m) => m.to === 'sam@example.com')!
    const link = new URL(/https?:\/\/\S+\/unsubscribe\/\S+/.exec(samMail.text)![0])
    const page = await api.client().get(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Stop reminders')
    const forged = await api
      .client()
      .post('/api/unsubscribe/frompromotion', { promotionId: id, email: 'kim@example.com', token: link.searchParams.get('token') })
    expect(forged.status).toBe(404)
    expect(forged.body.message).toBe(MSG_UNSUBSCRIBE_LINK_INVALID)
    const unsubscribed = await api.client().post('/api/unsubscribe/frompromotion', {
      promotionId: id,
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    })
    expect(unsubscribed.status).toBe(200)
    // The account holder unsubscribes from the dashboard (signed in, own address) and the dashboard shows it.
    expect((await alice.client.post('/api/unsubscribe/frompromotion', { promotionId: id, email: alice.email })).status).toBe(200)
    expect((await alice.client.get(`/api/Reminder/get?promotionId=${id}`)).body.unsubscribed).toBe(true)
    const promotion = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(promotion.unsubscribed).toBe(true)
    expect(promotion.reminders).toEqual([
      { kind: 'start', daysBefore: null, accountHolder: true, distributionListIds: [list.id] },
      { kind: 'final-draw', daysBefore: null, accountHolder: true, distributionListIds: [list.id] },
    ])
    expect((await alice.client.post('/api/unsubscribe/resubscribeToPromotion', { promotionId: id })).body.unsubscribed).toBe(false)
    expect((await alice.client.get(`/api/Reminder/get?promotionId=${id}`)).body.unsubscribed).toBe(false)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.unsubscribed).toBe(false)

    // The final draw: Sam no longer gets it; Alice (resubscribed) and Kim do.
    await advanceTo(sydneyInstant(permit.finalDraw.date, '09:00'))
    const drawMails = await until(async () => {
      const done = (await jobsOf(id)).filter((j) => j.data.kind === 'final-draw').every((j) => j.state === 'completed')
      const mails = (await mailsFor(id)).filter((m) => m.subject.startsWith('Reminder: Final draw'))
      return done && mails
    }, 'the final draw reminders')
    expect(drawMails.map((m) => m.to).sort()).toEqual([alice.email.toLowerCase(), 'kim@example.com'].sort())
    const view = (await alice.client.get(`/api/Reminder/get?promotionId=${id}`)).body
    expect(view.reminders.map((r: any) => r.status)).toEqual(['sent', 'sent'])
  })

  it('a reminder whose duty was closed with proof is not sent; one that is sent lists the duties still open (issue #30)', async () => {
    fakeNow = undefined
    const { id, permit } = await promotionWithDates()
    await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'start' }, { kind: 'final-draw' }] })
    await expect.poll(async () => (await jobsOf(id)).length, { timeout: 15_000 }).toBe(2)
    // The draw is done (its proof a link) before its reminder's day.
    expect((await alice.client.post('/api/promotion/closeObligation', { id, code: 'draw', link: 'https://draws.example.com/record/1' })).status).toBe(200)
    const { obligations } = (await alice.client.get(`/api/promotion/obligations?id=${id}`)).body

    await advanceTo(sydneyInstant(addDays(permit.startDate, -1), '09:00'))
    const [startMail] = await until(async () => {
      const mails = (await mailsFor(id)).filter((m) => m.subject.startsWith('Reminder: Promotion starts'))
      return mails.length > 0 && mails
    }, 'the start reminder')
    expect(startMail!.text).toContain('What the rules still ask of this promotion:')
    for (const o of obligations.filter((o: any) => o.status !== 'done')) {
      expect(startMail!.text, o.code).toContain(o.title)
      expect(startMail!.text, o.code).toContain(o.rule)
    }
    expect(startMail!.text).not.toContain('Draw the winners')

    await advanceTo(sydneyInstant(permit.finalDraw.date, '09:00'))
    await until(async () => (await jobsOf(id)).every((j) => j.state === 'completed'), 'the final draw job')
    expect((await mailsFor(id)).filter((m) => m.subject.startsWith('Reminder: Final draw'))).toEqual([])
    expect((await api.database.db.execute(sql`select * from app.reminder_deliveries where promotion_id = ${id} and kind = 'final-draw'`)).rows).toEqual([])
  })

  it('queues the SA publication reminder once the promotion is modified to include SA', async () => {
    fakeNow = undefined
    const { id, permit } = await promotionWithDates()
    const saved = await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'sa-publication' }] })
    expect(saved.body.reminders[0].status).toBe('no-date')
    await remindersSettled()
    expect(await jobsOf(id)).toEqual([])
    const modified = await alice.client.post('/api/promotion/modify', { ...promotionInput({ ausStates: { nsw: true, act: true, sa: true } }), id })
    expect(modified.status).toBe(200)
    await expect.poll(async () => (await jobsOf(id)).length, { timeout: 15_000 }).toBe(1)
    const jobs = await jobsOf(id)
    expect(jobs.map((j) => [j.data.kind, j.data.reminderDate])).toEqual([['sa-publication', addDays(addDays(permit.finalDraw.date, 30), -7)]])
    expect((await alice.client.get(`/api/Reminder/get?promotionId=${id}`)).body.reminders[0].status).toBe('scheduled')
  })
})
