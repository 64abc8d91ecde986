import { MSG_MANAGED_FLAG_INVALID, MSG_NOT_FOUND, MSG_RECORD_ID_INVALID, MSG_UNAUTHENTICATED } from '@permitdesk/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { promotions } from '../../api/src/db/schema/promotions'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client

const DAY = 24 * 60 * 60 * 1000
const now = Date.now()
const daysAgo = (days: number) => new Date(now - days * DAY)

/** A saved applicant in the ApplicantDraft shape (shared/src/validation/permit-save.ts). */
function applicant(organisation: string, contact: { firstName: string; lastName: string } = { firstName: 'Alex', lastName: 'Applicant' }) {
  return {
    organisation,
    abnacn: '51824753556',
    tradingName: `${organisation} Trading`,
    businessAddress: { lineOne: '1 George St', lineTwo: null, suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    postalAddress: { lineOne: 'PO Box 1', lineTwo: null, suburb: 'Sydney', state: 'NSW', postcode: '2001' },
    postalSameAsBusiness: false,
    website: 'https://example.com.au',
    nswAuthorityNumber: 'LTPS/12/34567',
    nswAuthorityExpiration: '2027-06-30',
    nswAuthorityDuration: 1,
    hasLetterOfAuthority: true,
    contact: { title: 'Ms', ...contact, position: 'Marketing manager', phone: '0299990000', email: 'alex@example.com' },
  }
}

/** Seeds a promotion's applicant (and what the lists filter and sort on) straight into its row. */
async function seed(id: number, values: { applicant?: Record<string, unknown> | null; updatedAt: Date; managedSubmission?: boolean; deleted?: boolean }) {
  await api.database.db.update(promotions).set(values).where(eq(promotions.id, id))
}

// Alice's promotions: what the reuse list must show, hide and order.
let acme: number // managed, 3 days ago
let beta: number // DIY, 2 days ago, organisation with LIKE wildcards
let blank: number // applicant without an organisation, 1 day ago
let none: number // no applicant, newest
let removed: number // deleted, with an applicant
let bobs: number

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)

  acme = await createPromotion(alice.client, { name: 'Summer giveaway' })
  beta = await createPromotion(alice.client, { name: 'Winter draw', managedSubmission: false })
  blank = await createPromotion(alice.client, { name: 'Spring draw' })
  none = await createPromotion(alice.client, { name: 'Autumn draw' })
  removed = await createPromotion(alice.client, { name: 'Old draw' })
  bobs = await createPromotion(bob.client, { name: 'Bob summer giveaway' })
  await seed(acme, { applicant: applicant('Acme Pty Ltd', { firstName: ' Jo ', lastName: 'Citizen' }), updatedAt: daysAgo(3), managedSubmission: true })
  await seed(beta, { applicant: applicant('Beta 100% Foods', { firstName: 'Sam', lastName: '' }), updatedAt: daysAgo(2), managedSubmission: false })
  await seed(blank, { applicant: { ...applicant('   '), organisation: '   ' }, updatedAt: daysAgo(1) })
  await seed(none, { applicant: null, updatedAt: daysAgo(0) })
  await seed(removed, { applicant: applicant('Deleted Co'), updatedAt: daysAgo(0), deleted: true })
  await seed(bobs, { applicant: applicant('Acme Bob Holdings'), updatedAt: daysAgo(0) })
})
afterAll(async () => api?.close())

const ids = (body: { id: number }[]) => body.map((item) => item.id)

describe('signed out', () => {
  it.each(['/api/applicant/getReuseList', `/api/applicant/get?id=1`, '/api/applicant/getLatest'])('GET %s answers 401', async (path) => {
    const response = await api.client().get(path)
    expect(response.status).toBe(401)
    expect(response.body.message).toBe(MSG_UNAUTHENTICATED)
  })
})

describe('GET /api/applicant/getReuseList', () => {
  it("lists the user's own applicants with an organisation, newest first, id = promotionId", async () => {
    const response = await alice.client.get('/api/applicant/getReuseList')
    expect(response.status).toBe(200)
    expect(response.body).toEqual([
      { id: beta, promotionId: beta, promotionName: 'Winter draw', organisation: 'Beta 100% Foods', contactName: 'Sam', updatedAt: daysAgo(2).toISOString() },
      {
        id: acme,
        promotionId: acme,
        promotionName: 'Summer giveaway',
        organisation: 'Acme Pty Ltd',
        contactName: 'Jo Citizen',
        updatedAt: daysAgo(3).toISOString(),
      },
    ])
  })

  it('follows the latest update', async () => {
    await seed(acme, { updatedAt: daysAgo(1.5) })
    expect(ids((await alice.client.get('/api/applicant/getReuseList')).body)).toEqual([acme, beta])
    await seed(acme, { updatedAt: daysAgo(3) })
    expect(ids((await alice.client.get('/api/applicant/getReuseList')).body)).toEqual([beta, acme])
  })

  it('searches promotion names and organisations, any case, with LIKE wildcards taken literally', async () => {
    const search = async (term: string) => ids((await alice.client.get(`/api/applicant/getReuseList?search=${encodeURIComponent(term)}`)).body)
    expect(await search('ACME')).toEqual([acme])
    expect(await search('winter')).toEqual([beta])
    expect(await search('draw')).toEqual([beta])
    expect(await search('100%')).toEqual([beta])
    expect(await search('%')).toEqual([beta])
    expect(await search('_')).toEqual([])
    expect(await search('Deleted')).toEqual([])
    expect(await search('  ')).toEqual([beta, acme])
  })

  it('leaves out the excluded promotion', async () => {
    expect(ids((await alice.client.get(`/api/applicant/getReuseList?exclude=${beta}`)).body)).toEqual([acme])
    expect(ids((await alice.client.get(`/api/applicant/getReuseList?exclude=${beta}&search=acme`)).body)).toEqual([acme])
    expect(ids((await alice.client.get('/api/applicant/getReuseList?exclude=')).body)).toEqual([beta, acme])
  })

  it('filters by managedSubmission, or its alias managed, when given', async () => {
    const list = async (query: string) => ids((await alice.client.get(`/api/applicant/getReuseList?${query}`)).body)
    expect(await list('managedSubmission=true')).toEqual([acme])
    expect(await list('managedSubmission=false')).toEqual([beta])
    expect(await list('managed=true')).toEqual([acme])
    expect(await list('managed=0')).toEqual([beta])
    expect(await list('managedSubmission=')).toEqual([beta, acme])
  })

  it('answers 400 with modelState for bad input', async () => {
    const flag = await alice.client.get('/api/applicant/getReuseList?managedSubmission=maybe')
    expect(flag.status).toBe(400)
    expect(flag.body).toMatchObject({ message: MSG_MANAGED_FLAG_INVALID, modelState: { managedSubmission: [MSG_MANAGED_FLAG_INVALID] } })
    const exclude = await alice.client.get('/api/applicant/getReuseList?exclude=abc')
    expect(exclude.status).toBe(400)
    expect(exclude.body.modelState).toEqual({ exclude: [MSG_RECORD_ID_INVALID] })
  })

  it("never shows another customer's applicants, and staff see only their own", async () => {
    expect(ids((await bob.client.get('/api/applicant/getReuseList')).body)).toEqual([bobs])
    expect(ids((await alice.client.get('/api/applicant/getReuseList?search=bob')).body)).toEqual([])
    expect((await staff.get('/api/applicant/getReuseList')).body).toEqual([])
  })

  it('answers at most 20, the newest', async () => {
    const carol = await createCustomer(api)
    const first = await createPromotion(carol.client, { name: 'Carol 0' })
    await seed(first, { applicant: applicant('Carol Co'), updatedAt: daysAgo(30) })
    // 24 more copies of that promotion, updated 1..24 hours ago.
    await api.database.db.execute(sql`
      insert into app.promotions (user_id, name, fees, applicant, updated_at)
      select user_id, 'Carol ' || n, fees, applicant, now() - make_interval(hours => n)
      from app.promotions, generate_series(1, 24) as n where id = ${first}`)
    const list = (await carol.client.get('/api/applicant/getReuseList')).body as { promotionName: string; updatedAt: string }[]
    expect(list).toHaveLength(20)
    expect(list.map((item) => item.promotionName)).toEqual(Array.from({ length: 20 }, (_, i) => `Carol ${i + 1}`))
  })

  it('answers on any case of the path', async () => {
    expect(ids((await alice.client.get('/api/Applicant/GetReuseList')).body)).toEqual([beta, acme])
  })
})

describe('GET /api/applicant/get', () => {
  it('answers the applicant with its promotion id', async () => {
    const response = await alice.client.get(`/api/applicant/get?id=${acme}&managedSubmission=false`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ...applicant('Acme Pty Ltd', { firstName: ' Jo ', lastName: 'Citizen' }), id: acme, promotionId: acme })
  })

  it('lets staff read a customer applicant', async () => {
    const response = await staff.get(`/api/applicant/get?id=${beta}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ organisation: 'Beta 100% Foods', promotionId: beta })
  })

  it("answers 404 for another customer's applicant exactly as for a missing one", async () => {
    const theirs = await bob.client.get(`/api/applicant/get?id=${acme}`)
    const missing = await bob.client.get('/api/applicant/get?id=999999')
    expect(theirs.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(theirs.body).toEqual(missing.body)
    expect(theirs.body.message).toBe(MSG_NOT_FOUND)
    expect((await alice.client.get(`/api/applicant/get?id=${bobs}`)).status).toBe(404)
  })

  it('answers 404 for a promotion without an applicant and for a deleted one', async () => {
    expect((await alice.client.get(`/api/applicant/get?id=${none}`)).status).toBe(404)
    expect((await alice.client.get(`/api/applicant/get?id=${removed}`)).status).toBe(404)
  })

  it('answers 400 without a valid id', async () => {
    const response = await alice.client.get('/api/applicant/get?id=abc')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: MSG_RECORD_ID_INVALID, modelState: { id: [MSG_RECORD_ID_INVALID] } })
    expect((await alice.client.get('/api/applicant/get')).status).toBe(400)
  })
})

describe('GET /api/applicant/getLatest', () => {
  it('answers null until the user has an applicant, then the newest one', async () => {
    const dana = await createCustomer(api)
    const empty = await dana.client.get('/api/applicant/getLatest')
    expect(empty.status).toBe(200)
    expect(empty.text).toBe('null')

    const older = await createPromotion(dana.client, { name: 'Dana one', managedSubmission: true })
    expect((await dana.client.get('/api/applicant/getLatest')).body).toBeNull()
    await seed(older, { applicant: applicant('Dana Managed'), updatedAt: daysAgo(2) })
    expect((await dana.client.get('/api/applicant/getLatest')).body).toEqual({ ...applicant('Dana Managed'), id: older, promotionId: older })

    const newer = await createPromotion(dana.client, { name: 'Dana two', managedSubmission: false })
    await seed(newer, { applicant: applicant('Dana DIY'), updatedAt: daysAgo(1) })
    expect((await dana.client.get('/api/applicant/getLatest')).body).toMatchObject({ organisation: 'Dana DIY', promotionId: newer })
    expect((await dana.client.get('/api/applicant/getLatest?managedSubmission=true')).body).toMatchObject({ organisation: 'Dana Managed', promotionId: older })
    expect((await dana.client.get('/api/applicant/getLatest?managed=false')).body).toMatchObject({ organisation: 'Dana DIY', promotionId: newer })

    // Deleting the newest falls back to the one before.
    await seed(newer, { updatedAt: daysAgo(1), deleted: true })
    expect((await dana.client.get('/api/applicant/getLatest')).body).toMatchObject({ promotionId: older })
    expect((await dana.client.get('/api/applicant/getLatest?managedSubmission=false')).text).toBe('null')
  })

  it("skips drafts without an organisation and never answers another customer's", async () => {
    expect((await alice.client.get('/api/applicant/getLatest')).body).toMatchObject({ organisation: 'Beta 100% Foods', promotionId: beta })
    expect((await bob.client.get('/api/applicant/getLatest')).body).toMatchObject({ organisation: 'Acme Bob Holdings', promotionId: bobs })
    expect((await staff.get('/api/applicant/getLatest')).text).toBe('null')
  })
})
