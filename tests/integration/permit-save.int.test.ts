import {
  ENTRY_METHOD_FLAGS,
  MSG_ADDRESS_INCOMPLETE,
  MSG_ATTACHMENT_FILE_UNKNOWN,
  MSG_ATTACHMENT_REQUIRED,
  MSG_ATTACHMENT_REUSE_UNAVAILABLE,
  MSG_CHECKBOX_GROUP_REQUIRED,
  MSG_DATE_INVALID,
  MSG_EMAIL_INVALID,
  MSG_END_BEFORE_START,
  MSG_INDUCEMENTS_DETAIL_REQUIRED,
  MSG_NAME_REQUIRED,
  MSG_NON_INDEPENDENT_REASON_REQUIRED,
  MSG_NSW_AUTHORITY_DURATION_REQUIRED,
  MSG_NSW_AUTHORITY_NUMBER_REQUIRED,
  MSG_OTHER_DETAIL_REQUIRED,
  MSG_PERMIT_NOT_EDITABLE,
  MSG_PHONE_INVALID,
  MSG_POSITION_REQUIRED,
  MSG_PRIZE_QUANTITY_POSITIVE,
  MSG_REQUIRED,
  MSG_SAVE_VERSION_CONFLICT,
  MSG_SCRUTINEER_QUESTION_REQUIRED,
  MSG_SCRUTINEER_REQUIRED,
  MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL,
  MSG_STATE_PRIZE_VALUE_POSITIVE,
  MSG_WEBSITE_INVALID,
  PRIZE_CATEGORY_FLAGS,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeApplication, savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
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

const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
async function upload(customer: Customer, name = 'terms.pdf') {
  const data = new FormData()
  data.append('file', new Blob([pdfBytes]), name)
  const response = await customer.client.upload('/api/Upload', data)
  expect(response.status).toBe(201)
  return response.body as { serverFileName: string; headerFileName: string }
}
const attachment = (code: string, fileName: string) => ({ attachmentType: { code }, uploaded: true, fileName })
async function rowOf(id: number) {
  return (await api.database.db.execute(sql`select version, status_id, permit, applicant, details, attachments, fees from app.promotions where id = ${id}`))
    .rows[0] as any
}

describe('POST /api/promotion/save', () => {
  it('saves a draft, bumps the version and answers the promotion with fees and flags', async () => {
    const id = await createPromotion(alice.client)
    const response = await savePromotion(alice.client, id, (p) => ({ ...p, name: 'Winter draw', permit: { ...p.permit, promotedProducts: 'Umbrellas' } }))
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id, name: 'Winter draw', versionNumber: 2, permitStatus: { slug: 'incomplete' } })
    expect(response.body.permit).toMatchObject({
      promotedProducts: 'Umbrellas',
      applicationComplete: false,
      isNSWIncludedButNotRequired: false,
      isACTIncludedButNotRequired: false,
      feeDue_NSW: expect.any(Number),
      feeDue_GrandTotal: expect.any(Number),
    })
    expect(response.body.applicationIssues['permit.startDate']).toEqual([MSG_DATE_INVALID])
    expect((await rowOf(id)).permit.promotedProducts).toBe('Umbrellas')
  })

  it('moves a complete application to Ready for submission, and back to Incomplete when a section breaks', async () => {
    const id = await createPromotion(alice.client)
    const done = await savePromotion(alice.client, id, withCompleteApplication)
    expect(done.status).toBe(200)
    // Only the terms and advertisement (B, E) are needed now; attach them to complete the application.
    expect(done.body.applicationIssues, JSON.stringify(done.body.applicationIssues)).toEqual({
      'attachments.B': [MSG_ATTACHMENT_REQUIRED],
      'attachments.E': [MSG_ATTACHMENT_REQUIRED],
    })
    const terms = await upload(alice)
    const advert = await upload(alice, 'advert.pdf')
    const attached = await alice.client.post('/api/promotion/saveAttachments', {
      id,
      versionNumber: done.body.versionNumber,
      attachments: [attachment('B', terms.serverFileName), attachment('E', advert.serverFileName)],
    })
    expect(attached.status).toBe(200)
    expect(attached.body.permitStatus.slug).toBe('ready-submission')
    expect(attached.body.permit.applicationComplete).toBe(true)
    expect(attached.body.applicationIssues).toEqual({})
    expect(attached.body.permit.completedSections).toEqual(
      expect.arrayContaining([
        'details',
        'applicant',
        'contact',
        'entry',
        'finaldraw',
        'unclaimeddraw',
        'notification',
        'categories',
        'breakdown',
        'attachments',
      ]),
    )
    expect(attached.body.attachments).toEqual([
      expect.objectContaining({
        attachmentType: expect.objectContaining({ code: 'B', name: 'Terms and conditions' }),
        exists: true,
        uploaded: false,
        userFileName: 'terms.pdf',
      }),
      expect.objectContaining({ attachmentType: expect.objectContaining({ code: 'E' }), exists: true }),
    ])
    expect(attached.body.attachmentsRelevant).toBe('B,E,X,V,W')
    expect(attached.body.complianceNotesRelevant.split(',')).toEqual(expect.arrayContaining(['TB', 'TH', 'TK', 'RA', 'RB', 'RG']))

    const broken = await savePromotion(alice.client, id, (p) => ({ ...p, permit: { ...p.permit, promotedProducts: '' } }))
    expect(broken.body.permitStatus.slug).toBe('incomplete')
    expect(broken.body.applicationIssues).toEqual({ 'permit.promotedProducts': [MSG_REQUIRED] })
  })

  // 001 §5: each rule of each section, with its message, from a complete application.
  const rules: [string, (p: any) => void, string, string][] = [
    ['name', (p) => (p.name = ' '), 'name', MSG_NAME_REQUIRED],
    ['end before start', (p) => (p.permit.endDate = p.permit.startDate), 'permit.endDate', MSG_END_BEFORE_START],
    ['start date', (p) => (p.permit.startDate = null), 'permit.startDate', MSG_DATE_INVALID],
    ['under-18s unanswered', (p) => (p.permit.under18s = null), 'permit.under18s', MSG_REQUIRED],
    ['inducements detail', (p) => (p.permit.inducementsOffered = true), 'permit.inducementsDetail', MSG_INDUCEMENTS_DETAIL_REQUIRED],
    ['advertising methods', (p) => (p.permit.advertisingMethodsValue = 0), 'permit.advertisingMethodsValue', MSG_CHECKBOX_GROUP_REQUIRED],
    ['applicant organisation', (p) => (p.permit.applicant.organisation = ''), 'permit.applicant.organisation', MSG_REQUIRED],
    [
      'business address',
      (p) => (p.permit.applicant.businessAddress = { lineOne: '1 A St' }),
      'permit.applicant.businessAddress.suburb',
      MSG_ADDRESS_INCOMPLETE,
    ],
    [
      'NSW authority duration',
      (p) => (p.permit.applicant.nswAuthorityDuration = null),
      'permit.applicant.nswAuthorityDuration',
      MSG_NSW_AUTHORITY_DURATION_REQUIRED,
    ],
    ['contact first name', (p) => (p.permit.applicant.contact.firstName = ''), 'permit.applicant.contact.firstName', MSG_REQUIRED],
    ['contact position for ACT', (p) => (p.permit.applicant.contact.position = ''), 'permit.applicant.contact.position', MSG_POSITION_REQUIRED],
    ['entry methods', (p) => (p.permit.entryMethodsValue = 0), 'permit.entryMethodsValue', MSG_CHECKBOX_GROUP_REQUIRED],
    ['entry website', (p) => (p.permit.entryMethodsWebsite = ''), 'permit.entryMethodsWebsite', MSG_WEBSITE_INVALID],
    ['entry phone numbers', (p) => (p.permit.entryMethodsValue |= ENTRY_METHOD_FLAGS.sms), 'permit.entryMethodsPhoneNumbers', MSG_PHONE_INVALID],
    ['entry other', (p) => (p.permit.entryMethodsValue |= ENTRY_METHOD_FLAGS.other), 'permit.entryMethodsOther', MSG_OTHER_DETAIL_REQUIRED],
    ['draw methods', (p) => (p.permit.drawMethodsValue = 0), 'permit.drawMethodsValue', MSG_CHECKBOX_GROUP_REQUIRED],
    ['final draw location', (p) => (p.permit.finalDraw.locationAddress = null), 'permit.finalDraw.locationAddress', MSG_ADDRESS_INCOMPLETE],
    ['scrutineer question (NSW over $10,000)', (p) => (p.permit.scrutineerRequired = null), 'permit.scrutineerRequired', MSG_SCRUTINEER_QUESTION_REQUIRED],
    ['scrutineer details', (p) => (p.permit.scrutineerRequired = true), 'permit.scrutineerName', MSG_SCRUTINEER_REQUIRED],
    [
      'non-independent scrutineer reason',
      (p) => Object.assign(p.permit, { scrutineerRequired: true, scrutineerName: 'Jan Scrutineer', nonIndependentScrutineer: true }),
      'permit.nonIndependentScrutineerReason',
      MSG_NON_INDEPENDENT_REASON_REQUIRED,
    ],
    ['unclaimed draw date', (p) => (p.permit.unclaimedDraw.date = null), 'permit.unclaimedDraw.date', MSG_DATE_INVALID],
    ['notification method', (p) => (p.permit.finalDraw.notification.method = null), 'permit.finalDraw.notification.method', MSG_REQUIRED],
    ['ACT publication', (p) => (p.prizePublicationACT = ''), 'prizePublicationACT', MSG_REQUIRED],
    ['prize categories', (p) => (p.prizeCategoriesValue = 0), 'prizeCategoriesValue', MSG_CHECKBOX_GROUP_REQUIRED],
    ['prize category other', (p) => (p.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.other), 'prizeCategoriesOther', MSG_OTHER_DETAIL_REQUIRED],
    ['prize quantity', (p) => (p.prizeQuantityTotal = 0), 'prizeQuantityTotal', MSG_PRIZE_QUANTITY_POSITIVE],
    ['state prize value missing', (p) => (p.prizeValueACT = null), 'prizeValueACT', MSG_STATE_PRIZE_VALUE_POSITIVE],
    ['state prize value above total', (p) => (p.prizeValueNSW = 20000.01), 'prizeValueNSW', MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL],
  ]
  it.each(rules)('reports the rule "%s" with its message and keeps the application incomplete', async (_name, breakIt, path, message) => {
    const id = await createPromotion(alice.client)
    const response = await savePromotion(alice.client, id, (p) => {
      const next = withCompleteApplication(p)
      breakIt(next)
      return next
    })
    expect(response.status).toBe(200)
    expect(response.body.applicationIssues[path], JSON.stringify(response.body.applicationIssues)).toContain(message)
    expect(response.body.permit.applicationComplete).toBe(false)
    expect(response.body.permitStatus.slug).toBe('incomplete')
  })

  it('refuses bad formats with 400 and modelState, and changes nothing', async () => {
    const id = await createPromotion(alice.client)
    const before = await rowOf(id)
    const response = await savePromotion(alice.client, id, (p) => ({
      ...p,
      permit: { ...p.permit, startDate: '2026-02-30', applicant: { abnacn: '123', contact: { email: 'nope', phone: '12345678901' } } },
    }))
    expect(response.status).toBe(400)
    expect(response.body.modelState).toMatchObject({
      'permit.startDate': [MSG_DATE_INVALID],
      'permit.applicant.abnacn': [expect.any(String)],
      'permit.applicant.contact.email': [MSG_EMAIL_INVALID],
      'permit.applicant.contact.phone': [MSG_PHONE_INVALID],
    })
    expect(await rowOf(id)).toEqual(before)
    expect((await alice.client.post('/api/promotion/save', 'not json')).status).toBe(400)
    expect((await alice.client.post('/api/promotion/save', { id })).status).toBe(400)
  })

  it('refuses a save based on an older version instead of overwriting, with a clear message', async () => {
    const id = await createPromotion(alice.client)
    const opened = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const first = await alice.client.post('/api/promotion/save', { ...opened, name: 'From window one', versionNumber: opened.versionNumber })
    expect(first.status).toBe(200)
    const stale = await alice.client.post('/api/promotion/save', { ...opened, name: 'From window two', versionNumber: opened.versionNumber })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ message: MSG_SAVE_VERSION_CONFLICT, modelState: { versionNumber: [MSG_SAVE_VERSION_CONFLICT] } })
    const row = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(row).toMatchObject({ name: 'From window one', versionNumber: first.body.versionNumber })
  })

  it('serialises concurrent saves of the same version: one wins, the other gets 409', async () => {
    const id = await createPromotion(alice.client)
    const opened = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => alice.client.post('/api/promotion/save', { ...opened, name, versionNumber: opened.versionNumber })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
  })

  it('answers 401 signed out, 404 for another customer, and lets staff save', async () => {
    const id = await createPromotion(alice.client)
    const opened = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect((await api.client().post('/api/promotion/save', { ...opened, versionNumber: opened.versionNumber })).status).toBe(401)
    const other = await bob.client.post('/api/promotion/save', { ...opened, name: 'Hijacked', versionNumber: opened.versionNumber })
    expect(other.status).toBe(404)
    expect((await rowOf(id)).version).toBe(opened.versionNumber)
    const staff = api.client()
    await signInStaff(staff, api)
    const bystaff = await staff.post('/api/promotion/save', { ...opened, name: 'Fixed by staff', versionNumber: opened.versionNumber })
    expect(bystaff.status).toBe(200)
    expect(bystaff.body.name).toBe('Fixed by staff')
  })

  it('refuses to save a submitted application (begin an amendment first)', async () => {
    const id = await createPromotion(alice.client)
    await setPromotionStatus(api.database.db, id, 4)
    const response = await savePromotion(alice.client, id)
    expect(response.status).toBe(409)
    expect(response.body.message).toBe(MSG_PERMIT_NOT_EDITABLE)
  })

  it('leaves the states, services and prize total to the modify form', async () => {
    const id = await createPromotion(alice.client)
    const response = await savePromotion(alice.client, id, (p) => ({ ...p, ausStates: { vic: true }, totalPrizeValue: 0.01, randomDraw: true }))
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ ausStates: { nsw: true, act: true, vic: false }, totalPrizeValue: 20_000, randomDraw: false })
  })

  it('keeps staff action fields and questions; the customer only answers', async () => {
    const id = await createPromotion(alice.client)
    const actionEntry = {
      actionFields: [{ actionFieldSlug: 'entry', checked: true, comment: 'Please give the website.' }],
      actionQuestions: [{ question: 'Who draws?', answer: null }],
    }
    await api.database.db.execute(sql`update app.promotions set details = ${JSON.stringify({ actionEntry })}::jsonb, status_id = 6 where id = ${id}`)
    const opened = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(opened).toMatchObject({ isActionRequired: true, incompleteActionFields: ['entry'] })
    expect(opened.applicationIssues['actionEntry.actionQuestions.0.answer']).toBeDefined()
    const response = await alice.client.post('/api/promotion/save', {
      ...opened,
      versionNumber: opened.versionNumber,
      actionEntry: {
        actionFields: [],
        actionQuestions: [
          { question: 'Who draws?', answer: 'Our scrutineer' },
          { question: 'Injected?', answer: 'yes' },
        ],
      },
    })
    expect(response.status).toBe(200)
    expect(response.body.actionEntry).toEqual({
      actionFields: actionEntry.actionFields,
      actionQuestions: [{ question: 'Who draws?', answer: 'Our scrutineer' }],
    })
  })

  it('moves a complete action-required application to Ready for resubmission', async () => {
    const id = await createPromotion(alice.client)
    const terms = await upload(alice)
    await setPromotionStatus(api.database.db, id, 6)
    const response = await savePromotion(alice.client, id, (p) => ({
      ...withCompleteApplication(p),
      attachments: [attachment('B', terms.serverFileName), attachment('E', terms.serverFileName)],
    }))
    expect(response.body.permitStatus.slug, JSON.stringify(response.body.applicationIssues)).toBe('ready-resubmission')
  })

  it('prices with the rule set of the saved start date', async () => {
    const id = await createPromotion(alice.client)
    const response = await savePromotion(alice.client, id, (p) => ({ ...p, permit: { ...p.permit, startDate: completeApplication().permit.startDate } }))
    expect(response.body.startDate).toBe(completeApplication().permit.startDate)
    expect(response.body.permit.feeRuleSetId).toEqual(expect.any(String))
  })
})

describe('POST /api/promotion/saveAttachments', () => {
  it("refuses a file that is not the customer's own upload, and changes nothing", async () => {
    const id = await createPromotion(alice.client)
    const bobs = await upload(bob)
    const response = await alice.client.post('/api/promotion/saveAttachments', { id, attachments: [attachment('B', bobs.serverFileName)] })
    expect(response.status).toBe(400)
    expect(response.body.modelState).toEqual({ 'attachments.0.fileName': [MSG_ATTACHMENT_FILE_UNKNOWN] })
    expect((await rowOf(id)).attachments).toEqual([])
  })

  it('reuses a document of another of the customer’s promotions, refuses one that does not exist, and resets', async () => {
    const source = await createPromotion(alice.client)
    const terms = await upload(alice)
    expect((await alice.client.post('/api/promotion/saveAttachments', { id: source, attachments: [attachment('B', terms.serverFileName)] })).status).toBe(200)
    const id = await createPromotion(alice.client)
    const reused = await alice.client.post('/api/promotion/saveAttachments', {
      id,
      attachments: [{ attachmentType: { code: 'B' }, reuseFromPromotion: source, shouldReuse: true }],
    })
    expect(reused.status).toBe(200)
    expect(reused.body.attachments[0]).toMatchObject({ exists: true, reuseFromPromotion: source, fileName: terms.serverFileName, userFileName: 'terms.pdf' })
    // Alice may now download it through this promotion; Bob may not reuse Alice's promotion.
    const missing = await alice.client.post('/api/promotion/saveAttachments', {
      id,
      attachments: [{ attachmentType: { code: 'E' }, reuseFromPromotion: source, shouldReuse: true }],
    })
    expect(missing.status).toBe(400)
    expect(missing.body.modelState).toEqual({ 'attachments.0.reuseFromPromotion': [MSG_ATTACHMENT_REUSE_UNAVAILABLE] })
    const bobs = await createPromotion(bob.client)
    const stolen = await bob.client.post('/api/promotion/saveAttachments', {
      id: bobs,
      attachments: [{ attachmentType: { code: 'B' }, reuseFromPromotion: source, shouldReuse: true }],
    })
    expect(stolen.status).toBe(400)
    const reset = await alice.client.post('/api/promotion/saveAttachments', { id, attachments: [] })
    expect(reset.body.attachments).toEqual([])
  })

  it('answers 404 for another customer’s promotion', async () => {
    const id = await createPromotion(alice.client)
    expect((await bob.client.post('/api/promotion/saveAttachments', { id, attachments: [] })).status).toBe(404)
  })
})

describe('POST /api/promotion/saveNswAuthority', () => {
  it('requires the number when the promoter holds an authority, and a duration when not', async () => {
    const id = await createPromotion(alice.client)
    const holds = await alice.client.post('/api/promotion/saveNswAuthority', { id, hasNswAuthority: true })
    expect(holds.status).toBe(400)
    expect(holds.body.modelState).toEqual({ nswAuthorityNumber: [MSG_NSW_AUTHORITY_NUMBER_REQUIRED] })
    const none = await alice.client.post('/api/promotion/saveNswAuthority', { id, hasNswAuthority: false })
    expect(none.status).toBe(400)
    expect(none.body.modelState).toEqual({ nswAuthorityDuration: [MSG_NSW_AUTHORITY_DURATION_REQUIRED] })
    expect((await rowOf(id)).version).toBe(1)
  })

  it('saves the authority and drops the NSW fee', async () => {
    const id = await createPromotion(alice.client)
    const before = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(before.permit.feeDue_NSW).toBeGreaterThan(0)
    const response = await alice.client.post('/api/promotion/saveNswAuthority', {
      id,
      versionNumber: before.versionNumber,
      hasNswAuthority: true,
      nswAuthorityNumber: 'TPA/12345',
      nswAuthorityExpiration: '2030-06-30',
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      hasNswAuthority: true,
      permit: { feeDue_NSW: 0, applicant: { nswAuthorityNumber: 'TPA/12345', nswAuthorityExpiration: '2030-06-30' } },
    })
    expect(response.body.permit.feeDue_GrandTotal).toBeLessThan(before.permit.feeDue_GrandTotal)
    const stale = await alice.client.post('/api/promotion/saveNswAuthority', {
      id,
      versionNumber: before.versionNumber,
      hasNswAuthority: false,
      nswAuthorityDuration: 1,
    })
    expect(stale.status).toBe(409)
  })
})
