import {
  MSG_COMPLETE_ALL_FORM_FIELDS,
  MSG_COMPLETE_ALL_QUESTIONS,
  MSG_PROMOTION_FIXED_AFTER_SUBMISSION,
  MSG_PROMOTION_NOT_MODIFIABLE,
  MSG_TOTAL_PRIZE_VALUE_REQUIRED,
  MSG_UNAUTHENTICATED,
  MSG_LAWYER_CONTACT_NEXT_STEPS,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, promotionInput, setPromotionStatus, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

const rows = async (query: ReturnType<typeof sql>) => (await api.database.db.execute(query)).rows as Record<string, any>[]

describe('signed out', () => {
  it.each([
    ['POST', '/api/promotion/create'],
    ['POST', '/api/promotion/modify'],
    ['GET', '/api/promotion/get?id=1'],
    ['GET', '/api/promotion/list'],
    ['GET', '/api/promotion/getReuseList'],
    ['POST', '/api/promotion/archive'],
    ['POST', '/api/promotion/delete'],
    ['POST', '/api/promotion/requestLawyerContact'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await api.client().request(method, path, method === 'POST' ? promotionInput() : undefined)
    expect(response.status).toBe(401)
    expect(response.body.message).toBe(MSG_UNAUTHENTICATED)
  })
})

describe('POST /api/promotion/create', () => {
  it('creates an NSW + ACT promotion and recomputes the whole fee breakdown itself', async () => {
    // Totals sent by a browser are ignored.
    const created = await alice.client.post('/api/promotion/create', { ...promotionInput(), feeDue_GrandTotal: 1, feeDue_NSW: 1 })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ id: expect.any(Number) })
    const { body } = await alice.client.get(`/api/promotion/get?id=${created.body.id}`)
    expect(body).toMatchObject({
      id: created.body.id,
      name: 'Summer giveaway',
      ausStates: { act: true, nsw: true, sa: false, vic: false, nt: false, wa: false, qld: false, tas: false, all: false },
      totalPrizeValue: 20_000,
      managedSubmission: true,
      requiresPermits: true,
      permitStatus: { id: 1, name: 'Incomplete', slug: 'incomplete' },
      isSubmittedOrGenerated: false,
      notesCount: 0,
      archived: false,
    })
    // NSW 468, ACT over 10,000 is 721, two permits managed 270, GST 10% of 270, card 1.5% of (total + GST).
    expect(body.permit).toMatchObject({
      permitStatus: { id: 1, slug: 'incomplete' },
      feeDue_NSW: 468,
      feeDue_ACT: 721,
      feeDue_SA: 0,
      feeDue_Service: 270,
      feeDue_RandomDraw: 0,
      feeDue_TermsAndConditions: 0,
      feeDue_GST: 27,
      feeDue_Total: 1_459,
      feeDue_CCSurcharge: 22.29,
      feeDue_GrandTotal: 1508.29,
      isNSWIncludedButNotRequired: false,
      isACTIncludedButNotRequired: false,
      isSAIncludedButNotRequired: false,
    })
  })

  it('says "Please complete all of the above form fields." when no state is chosen', async () => {
    const response = await alice.client.post('/api/promotion/create', promotionInput({ ausStates: {} }))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_COMPLETE_ALL_FORM_FIELDS)
    expect(response.body.modelState.ausStates).toEqual([MSG_COMPLETE_ALL_FORM_FIELDS])
  })

  it('says "Please complete all of the above form fields." when the name is blank', async () => {
    const response = await alice.client.post('/api/promotion/create', promotionInput({ name: '  ' }))
    expect(response.status).toBe(400)
    expect(response.body.modelState.name).toEqual([MSG_COMPLETE_ALL_FORM_FIELDS])
  })

  it.each([0, -100])('says "Your promotion must have a total prize value." for %s', async (value) => {
    const response = await alice.client.post('/api/promotion/create', promotionInput({ totalPrizeValue: value }))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_TOTAL_PRIZE_VALUE_REQUIRED)
    expect(response.body.modelState.totalPrizeValue).toEqual([MSG_TOTAL_PRIZE_VALUE_REQUIRED])
  })

  it('says "Please complete all questions." for each visible unanswered quiz question', async () => {
    const response = await alice.client.post('/api/promotion/create', promotionInput({ hasNswAuthority: null, winnersDrawnElectronically: undefined }))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_COMPLETE_ALL_QUESTIONS)
    expect(Object.keys(response.body.modelState).sort()).toEqual(['hasNswAuthority', 'winnersDrawnElectronically'])
  })

  it('asks about machine approval only when drawn electronically, and about SA instant wins at $5,000 or less', async () => {
    const electronic = await alice.client.post('/api/promotion/create', promotionInput({ winnersDrawnElectronically: true }))
    expect(electronic.body.modelState).toEqual({ randomDrawMachineApproved: [MSG_COMPLETE_ALL_QUESTIONS] })
    const sa = await alice.client.post('/api/promotion/create', promotionInput({ ausStates: { sa: true }, totalPrizeValue: 4_000, hasNswAuthority: null }))
    expect(sa.body.modelState).toEqual({ hasInstantWinPrizes: [MSG_COMPLETE_ALL_QUESTIONS] })
  })

  it('answers 400 (not 500) for a body of the wrong types', async () => {
    for (const body of [{}, { ausStates: 'nsw', totalPrizeValue: '20000' }, { ...promotionInput(), totalPrizeValue: 10.555 }]) {
      const response = await alice.client.post('/api/promotion/create', body)
      expect(response.status).toBe(400)
      expect(response.body.modelState).toBeTypeOf('object')
    }
  })
})

describe('rule-driven fields', () => {
  const get = async (overrides: Record<string, unknown>) => {
    const id = await createPromotion(alice.client, overrides)
    return (await alice.client.get(`/api/promotion/get?id=${id}`)).body
  }

  it('NSW at $10,000 or less is included but not required', async () => {
    const p = await get({ ausStates: { nsw: true }, totalPrizeValue: 10_000, hasNswAuthority: null })
    expect(p.requiresPermits).toBe(false)
    expect(p.permit).toMatchObject({ isNSWIncludedButNotRequired: true, feeDue_NSW: 0, feeDue_Service: 225 })
  })

  it('ACT at $3,000 is included but not required; above it the fee tiers apply', async () => {
    expect((await get({ ausStates: { act: true }, totalPrizeValue: 3_000, hasNswAuthority: null })).permit).toMatchObject({
      isACTIncludedButNotRequired: true,
      feeDue_ACT: 0,
    })
    expect((await get({ ausStates: { act: true }, totalPrizeValue: 3000.01, hasNswAuthority: null })).permit).toMatchObject({
      isACTIncludedButNotRequired: false,
      feeDue_ACT: 255,
    })
  })

  it('SA at $5,000 or less: instant-win yes requires the permit, no makes it included but not required', async () => {
    const yes = await get({ ausStates: { sa: true }, totalPrizeValue: 4_000, hasNswAuthority: null, hasInstantWinPrizes: true })
    expect(yes.permit).toMatchObject({ feeDue_SA: 253, isSAIncludedButNotRequired: false })
    const no = await get({ ausStates: { sa: true }, totalPrizeValue: 4_000, hasNswAuthority: null, hasInstantWinPrizes: false })
    expect(no.permit).toMatchObject({ feeDue_SA: 0, isSAIncludedButNotRequired: true })
  })

  it('an existing NSW authority makes the NSW licence fee 0', async () => {
    expect((await get({ ausStates: { nsw: true }, hasNswAuthority: true })).permit.feeDue_NSW).toBe(0)
  })

  it('resets machine approval when winners are not drawn electronically', async () => {
    expect((await get({ winnersDrawnElectronically: false, randomDrawMachineApproved: true })).randomDrawMachineApproved).toBe(false)
  })

  it('the national toggle selects all eight states; New Zealand is kept', async () => {
    const p = await get({ ausStates: { all: true }, includeNz: true, hasInstantWinPrizes: false, totalPrizeValue: 20_000 })
    expect(p.ausStates).toEqual({ act: true, nsw: true, sa: true, vic: true, nt: true, wa: true, qld: true, tas: true, all: true })
    expect(p.includeNz).toBe(true)
  })

  it('charges the chosen services with GST', async () => {
    const p = await get({ randomDraw: true, termsAndConditions: true, abridgedTC: true, hostedTC: true })
    expect(p.permit).toMatchObject({ feeDue_RandomDraw: 150, feeDue_TermsAndConditions: 255, feeDue_AbridgedTC: 100, feeDue_HostedTC: 100 })
    expect(p.permit.feeDue_GST).toBe(87.5) // 10% of (270 + 150 + 255 + 100 + 100)
    expect(p.hasTermsAndConditions).toBe(true)
    expect(p.hasRandomDraw).toBe(true)
  })

  it('self submission charges neither the management fee nor the licence fees', async () => {
    const p = await get({ managedSubmission: false })
    expect(p.permit).toMatchObject({ feeDue_NSW: 0, feeDue_ACT: 0, feeDue_Service: 0, feeDue_GrandTotal: 0 })
    // Issue 25: the licence fees it was priced at still answer (dollars), for "Permits required": the customer pays them to the regulators.
    expect(p.permit).toMatchObject({ licenceFee_NSW: 468, licenceFee_ACT: 721, licenceFee_SA: 0 })
  })

  it('a managed promotion answers the same licence fees it charges', async () => {
    const p = await get({})
    expect(p.permit).toMatchObject({ feeDue_NSW: 468, feeDue_ACT: 721, licenceFee_NSW: 468, licenceFee_ACT: 721, licenceFee_SA: 0 })
  })

  it('a game of skill needs no quiz and charges the skill T&Cs', async () => {
    const p = await get({ skillsBasedTC: true, hasNswAuthority: null, winnersDrawnElectronically: null, randomDraw: true })
    expect(p.skillsBasedTC).toBe(true)
    expect(p.requiresPermits).toBe(false)
    expect(p.permit).toMatchObject({ feeDue_SkillsBasedTC: 150, feeDue_NSW: 0, feeDue_Service: 0, feeDue_RandomDraw: 0 })
  })
})

describe('GET /api/promotion/get', () => {
  it("answers 404 for another customer's promotion, as for a missing one", async () => {
    const id = await createPromotion(alice.client)
    expect((await bob.client.get(`/api/promotion/get?id=${id}`)).status).toBe(404)
    expect((await alice.client.get('/api/promotion/get?id=999999')).status).toBe(404)
  })

  it('answers 400 for an id that is not a number', async () => {
    const response = await alice.client.get('/api/promotion/get?id=abc')
    expect(response.status).toBe(400)
    expect(response.body.modelState.id).toBeDefined()
  })
})

describe('POST /api/promotion/modify', () => {
  it('changes states and services, recomputes the fees and returns the id', async () => {
    const id = await createPromotion(alice.client)
    const response = await alice.client.post('/api/promotion/modify', {
      ...promotionInput({ ausStates: { vic: true }, randomDraw: true, hasNswAuthority: null }),
      id,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id })
    const p = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(p.ausStates.vic).toBe(true)
    expect(p.ausStates.nsw).toBe(false)
    expect(p.permit).toMatchObject({ feeDue_NSW: 0, feeDue_ACT: 0, feeDue_Service: 225, feeDue_RandomDraw: 150 })
    expect(p.versionNumber).toBe(2)
  })

  it('validates like create', async () => {
    const id = await createPromotion(alice.client)
    const response = await alice.client.post('/api/promotion/modify', { ...promotionInput({ totalPrizeValue: 0 }), id })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_TOTAL_PRIZE_VALUE_REQUIRED)
  })

  it("answers 404 for another customer's promotion and changes nothing", async () => {
    const id = await createPromotion(alice.client)
    const response = await bob.client.post('/api/promotion/modify', { ...promotionInput({ name: 'Hijacked' }), id })
    expect(response.status).toBe(404)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.name).toBe('Summer giveaway')
  })

  it('refuses a submitted promotion with a clear message', async () => {
    const id = await createPromotion(alice.client)
    await setPromotionStatus(api.database.db, id, 4)
    const response = await alice.client.post('/api/promotion/modify', { ...promotionInput({ randomDraw: true }), id })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe(MSG_PROMOTION_NOT_MODIFIABLE)
  })

  it('after submission (amendments in progress) keeps the states fixed but takes services and the new value', async () => {
    const id = await createPromotion(alice.client)
    await setPromotionStatus(api.database.db, id, 14)
    const states = await alice.client.post('/api/promotion/modify', { ...promotionInput({ ausStates: { nsw: true } }), id })
    expect(states.status).toBe(409)
    expect(states.body.message).toBe(MSG_PROMOTION_FIXED_AFTER_SUBMISSION)
    expect(states.body.modelState.ausStates).toEqual([MSG_PROMOTION_FIXED_AFTER_SUBMISSION])
    const services = await alice.client.post('/api/promotion/modify', { ...promotionInput({ randomDraw: true, totalPrizeValue: 60_000 }), id })
    expect(services.status).toBe(200)
    const p = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(p).toMatchObject({ randomDraw: true, totalPrizeValue: 20_000, postSubmissionTotalPrizeValue: 60_000, isSubmittedOrGenerated: true })
    // ACT over 50,000 is 1,030: fees follow the post-submission value.
    expect(p.permit.feeDue_ACT).toBe(1_030)
  })

  it('the skills-based form sets the skills-based T&C flag without the quiz', async () => {
    const id = await createPromotion(alice.client)
    const response = await alice.client.post('/api/promotion/modify', {
      id,
      skillsBasedTC: true,
      name: 'Best photo',
      ausStates: { vic: true },
      totalPrizeValue: 1_000,
      hostedTC: true,
    })
    expect(response.status).toBe(200)
    const p = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(p).toMatchObject({ skillsBasedTC: true, hostedTC: true, name: 'Best photo' })
    expect(p.permit).toMatchObject({ feeDue_SkillsBasedTC: 150, feeDue_HostedTC: 100, feeDue_Service: 0 })
  })
})

describe('GET /api/promotion/list', () => {
  let carol: Customer
  const ids: number[] = []
  beforeAll(async () => {
    carol = await createCustomer(api)
    for (const [name, value] of [
      ['Bravo', 5_000],
      ['alpha', 9_000],
      ['Charlie', 1_000],
    ] as const) {
      ids.push(await createPromotion(carol.client, { name, totalPrizeValue: value, ausStates: { vic: true }, hasNswAuthority: null }))
    }
    await createPromotion(bob.client, { name: 'Not carol' })
  })
  const names = (body: any) => body.promotions.map((p: any) => p.name)

  it('answers promotions and promotionCount, newest first by default, only the owner’s', async () => {
    const { status, body } = await carol.client.get('/api/promotion/list?getTotal=true')
    expect(status).toBe(200)
    expect(names(body)).toEqual(['Charlie', 'alpha', 'Bravo'])
    expect(body.promotionCount).toBe(3)
    expect(body.promotions[0]).toMatchObject({ id: ids[2], permitStatus: { slug: 'incomplete' }, ausStates: { vic: true }, totalPrizeValue: 1_000 })
  })

  it('sorts by a column ascending, or in the direction asked (name ignores case)', async () => {
    expect(names((await carol.client.get('/api/promotion/list?sort=name')).body)).toEqual(['alpha', 'Bravo', 'Charlie'])
    expect(names((await carol.client.get('/api/promotion/list?sort=name&direction=desc')).body)).toEqual(['Charlie', 'Bravo', 'alpha'])
    expect(names((await carol.client.get('/api/promotion/list?sort=totalPrizeValue')).body)).toEqual(['Charlie', 'Bravo', 'alpha'])
    expect(names((await carol.client.get('/api/promotion/list?sort=date&direction=asc')).body)).toEqual(['Bravo', 'alpha', 'Charlie'])
  })

  it('pages with count and after; promotionCount only with getTotal', async () => {
    const page = (await carol.client.get('/api/promotion/list?count=2&after=2&sort=name')).body
    expect(names(page)).toEqual(['Charlie'])
    expect(page.promotionCount).toBeNull()
  })

  it('filters by id, name, search and status', async () => {
    expect(names((await carol.client.get(`/api/promotion/list?id=${ids[0]}`)).body)).toEqual(['Bravo'])
    expect(names((await carol.client.get('/api/promotion/list?name=ALP')).body)).toEqual(['alpha'])
    expect(names((await carol.client.get('/api/promotion/list?search=char')).body)).toEqual(['Charlie'])
    expect(names((await carol.client.get(`/api/promotion/list?search=${ids[1]}`)).body)).toEqual(['alpha'])
    expect(names((await carol.client.get('/api/promotion/list?search=100%25')).body)).toEqual([])
    expect((await carol.client.get('/api/promotion/list?status=4')).body.promotions).toEqual([])
  })

  it('answers 400 for bad query values', async () => {
    for (const query of ['count=0', 'count=abc', 'after=-1', 'sort=password', 'direction=up', 'status=99']) {
      const response = await carol.client.get(`/api/promotion/list?${query}`)
      expect(response.status, query).toBe(400)
    }
  })
})

describe('archive and delete', () => {
  it('archives and un-archives; the archived list shows only archived ones', async () => {
    const dave = await createCustomer(api)
    const kept = await createPromotion(dave.client, { name: 'Kept' })
    const old = await createPromotion(dave.client, { name: 'Old' })
    expect((await dave.client.post('/api/promotion/archive', { id: old })).body).toEqual({ id: old, archived: true })
    expect((await dave.client.get('/api/promotion/list')).body.promotions.map((p: any) => p.id)).toEqual([kept])
    expect((await dave.client.get('/api/promotion/list?archived=true')).body.promotions.map((p: any) => p.id)).toEqual([old])
    await dave.client.post('/api/promotion/archive', { id: old, archived: false })
    expect((await dave.client.get('/api/promotion/list?archived=true')).body.promotions).toEqual([])
    expect((await bob.client.post('/api/promotion/archive', { id: kept })).status).toBe(404)
  })

  it('delete hides the promotion from its owner (the row stays for staff to restore)', async () => {
    const id = await createPromotion(alice.client)
    expect((await bob.client.post('/api/promotion/delete', { id })).status).toBe(404)
    expect((await alice.client.post('/api/promotion/delete', { id })).body).toEqual({ id, deleted: true })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).status).toBe(404)
    expect((await alice.client.post('/api/promotion/delete', { id })).status).toBe(404)
    const [row] = await rows(sql`select deleted from app.promotions where id = ${id}`)
    expect(row!.deleted).toBe(true)
  })

  it('answers 400 for a missing id', async () => {
    expect((await alice.client.post('/api/promotion/archive', {})).status).toBe(400)
    expect((await alice.client.post('/api/promotion/delete', { id: 'x' })).status).toBe(400)
  })
})

describe('GET /api/promotion/getReuseList', () => {
  it('lists the owner’s other promotions, by search, without the excluded one', async () => {
    const erin = await createCustomer(api)
    const a = await createPromotion(erin.client, { name: 'Winter raffle' })
    const b = await createPromotion(erin.client, { name: 'Winter draw' })
    await createPromotion(erin.client, { name: 'Spring' })
    const list = (await erin.client.get(`/api/promotion/getReuseList?search=winter&exclude=${b}`)).body
    expect(list.map((p: any) => p.id)).toEqual([a])
    expect((await bob.client.get('/api/promotion/getReuseList?search=winter')).body).toEqual([])
  })
})

describe('POST /api/promotion/requestLawyerContact', () => {
  it('flags the promotion and opens one staff task', async () => {
    const id = await createPromotion(alice.client)
    expect((await bob.client.post('/api/promotion/requestLawyerContact', { id })).status).toBe(404)
    expect((await alice.client.post('/api/promotion/requestLawyerContact', { id })).body).toEqual({
      id,
      lawyerContactRequested: true,
      message: MSG_LAWYER_CONTACT_NEXT_STEPS,
    })
    await alice.client.post('/api/promotion/requestLawyerContact', { id })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.lawyerContactRequested).toBe(true)
    const tasks = await rows(sql`select kind, requested_by from app.staff_tasks where promotion_id = ${id}`)
    expect(tasks).toEqual([{ kind: 'lawyer-contact', requested_by: alice.id }])
  })
})

describe('changelog', () => {
  it('records who changed what and when for create, modify, archive and delete', async () => {
    const id = await createPromotion(alice.client)
    await alice.client.post('/api/promotion/modify', { ...promotionInput({ name: 'Renamed', randomDraw: true }), id })
    await alice.client.post('/api/promotion/archive', { id })
    await alice.client.post('/api/promotion/delete', { id })
    const entries = await rows(sql`select user_id, action, changes, created_at from app.changelog where promotion_id = ${id} order by id`)
    expect(entries.map((e) => e.action)).toEqual(['create', 'modify', 'archive', 'delete'])
    expect(entries.every((e) => e.user_id === alice.id && !Number.isNaN(Date.parse(String(e.created_at))))).toBe(true)
    expect(entries[0]!.changes.name).toEqual({ from: null, to: 'Summer giveaway' })
    expect(entries[1]!.changes).toMatchObject({
      name: { from: 'Summer giveaway', to: 'Renamed' },
      randomDraw: { from: false, to: true },
      feeDue_GrandTotal: { from: 150_829 },
    })
    expect(Object.keys(entries[1]!.changes)).not.toContain('stateNsw')
  })
})
