/**
 * skillsBasedTCEditWindow on the promotion (001 §5, issue 14, round three): GET /api/promotion/get
 * answers it as GET /api/terms/get does (read-only: a value sent back with a save is ignored), and
 * the window binds the application editor too: once a bought skill promotion's window has closed,
 * the customer's saves (save, saveAttachments, saveNswAuthority) are refused with the edit-window
 * message, even of an amendment begun inside the window. Staff are not bound.
 */
import { MSG_SKILL_TC_AMEND_WINDOW_CLOSED, PERMIT_STATUS_IDS } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savePromotion } from '../factories/permit'
import { paidDaysAgo, readySkillPromotion, VISA } from '../factories/payments'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

const DAY = 86_400_000

/** Bought with the $150 option (30 days), T&Cs approved: Submitted. */
async function boughtSkillPromotion(customer: Customer): Promise<number> {
  const id = await readySkillPromotion(customer)
  expect((await customer.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
  const paid = await customer.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })
  expect(paid.status, paid.text).toBe(200)
  expect((await customer.client.post('/api/promotion/approveTermsAndConditions', { id })).body.statusId).toBe(PERMIT_STATUS_IDS.submitted)
  return id
}

const get = async (client: Client, id: number) => (await client.get(`/api/promotion/get?id=${id}`)).body

describe('skillsBasedTCEditWindow on GET /api/promotion/get', () => {
  it('answers the window as /api/terms/get does: null before the purchase, purchase + the option’s days after it', async () => {
    const id = await readySkillPromotion(alice)
    expect((await get(alice.client, id)).skillsBasedTCEditWindow).toBeNull()
    await alice.client.post('/api/terms/generate', { promotionId: id })
    const paid = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })
    const promotion = await get(alice.client, id)
    const terms = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
    expect(promotion.skillsBasedTCEditWindow).toBe(terms.skillsBasedTCEditWindow)
    expect(Date.parse(promotion.skillsBasedTCEditWindow) - Date.parse(paid.body.invoice.datePaid)).toBe(30 * DAY)
    // Staff see the same; another customer gets 404, as for a missing promotion.
    expect((await get(staff, id)).skillsBasedTCEditWindow).toBe(promotion.skillsBasedTCEditWindow)
    expect((await bob.client.get(`/api/promotion/get?id=${id}`)).status).toBe(404)
  })

  it('is null for a game of chance', async () => {
    const id = await createPromotion(alice.client)
    expect((await get(alice.client, id)).skillsBasedTCEditWindow).toBeNull()
  })

  it('is read-only: a value sent back with a save is ignored', async () => {
    const id = await boughtSkillPromotion(alice)
    expect((await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })).status).toBe(200)
    const before = (await get(alice.client, id)).skillsBasedTCEditWindow
    const saved = await savePromotion(alice.client, id, (p) => ({
      ...p,
      name: 'Caption contest (winter)',
      skillsBasedTCEditWindow: '2099-12-31T00:00:00.000Z',
    }))
    expect(saved.status, saved.text).toBe(200)
    const after = await get(alice.client, id)
    expect(after.name).toBe('Caption contest (winter)')
    expect(after.skillsBasedTCEditWindow).toBe(before)
  })

  it('is documented in the OpenAPI answer of /api/promotion/get', async () => {
    const doc = (await api.client().get('/api/openapi.json')).body
    const text = JSON.stringify(doc.paths['/api/promotion/get']) + JSON.stringify(doc.components ?? {})
    expect(text).toContain('skillsBasedTCEditWindow')
  })
})

describe('the edit window binds the application editor', () => {
  it('an amendment begun inside the window cannot be saved once it has closed; staff still may save', async () => {
    const id = await boughtSkillPromotion(alice)
    // Day 29 of 30: the amendment begins and a save goes through.
    await paidDaysAgo(api, id, 29)
    expect((await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })).body.permitStatus.id).toBe(PERMIT_STATUS_IDS.amendmentsInProgress)
    const inside = await savePromotion(alice.client, id, (p) => ({ ...p, name: 'Caption contest (winter)' }))
    expect(inside.status, inside.text).toBe(200)

    // Day 31: every save of the application by the customer is refused, nothing changes.
    await paidDaysAgo(api, id, 2)
    const promotion = await get(alice.client, id)
    expect(Date.parse(promotion.skillsBasedTCEditWindow)).toBeLessThan(Date.now())
    const save = await savePromotion(alice.client, id, (p) => ({ ...p, name: 'Caption contest (spring)' }))
    expect(save.status).toBe(409)
    expect(save.body.message).toBe(MSG_SKILL_TC_AMEND_WINDOW_CLOSED)
    const attachments = await alice.client.post('/api/promotion/saveAttachments', { id, versionNumber: promotion.versionNumber, attachments: [] })
    expect(attachments.status).toBe(409)
    expect(attachments.body.message).toBe(MSG_SKILL_TC_AMEND_WINDOW_CLOSED)
    const nsw = await alice.client.post('/api/promotion/saveNswAuthority', { id, versionNumber: promotion.versionNumber, hasNswAuthority: false })
    expect(nsw.status).toBe(409)
    expect(nsw.body.message).toBe(MSG_SKILL_TC_AMEND_WINDOW_CLOSED)
    const unchanged = await get(alice.client, id)
    expect(unchanged.name).toBe('Caption contest (winter)')
    expect(unchanged.versionNumber).toBe(promotion.versionNumber)
    expect(unchanged.attachments).toEqual(promotion.attachments)

    // Staff are not bound by the window.
    const bystaff = await savePromotion(staff, id, (p) => ({ ...p, name: 'Caption contest (staff)' }))
    expect(bystaff.status, bystaff.text).toBe(200)
    expect((await get(alice.client, id)).name).toBe('Caption contest (staff)')
  })

  it('a skill promotion not bought yet has no window: its saves go through', async () => {
    const id = await readySkillPromotion(alice)
    const saved = await savePromotion(alice.client, id, (p) => ({ ...p, name: 'Caption contest (draft)' }))
    expect(saved.status, saved.text).toBe(200)
  })
})
