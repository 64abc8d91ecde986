/**
 * Issue 14: skill-based T&Cs as a product of their own. POST /api/promotion/submitSkillsBasedTC
 * with the credit options 150/250/1000 (decision record 014), paid by card or BPAY through the
 * payment use case, and skillsBasedTCEditWindow: regenerate or amend inside it, refused after.
 */
import {
  MSG_SKILL_TC_AMEND_WINDOW_CLOSED,
  MSG_SKILL_TC_NOT_SKILL,
  MSG_SKILL_TC_OPTION_FIXED,
  MSG_TERMS_EDIT_WINDOW_CLOSED,
  MSG_TERMS_PAYMENT_OPTION,
  PERMIT_STATUS_IDS,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED, paidDaysAgo, readySkillPromotion, VISA } from '../factories/payments'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi({ BPAY_BILLER_CODE: '987654' })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

async function rows(query: ReturnType<typeof sql>) {
  return (await api.database.db.execute(query)).rows as any[]
}
const invoicesOf = (id: number) =>
  rows(sql`select invoice_number, amount, gst, cc_surcharge, method, crn, paid_at, lines from app.invoices where promotion_id = ${id} order by id`)
const paymentsOf = (id: number) => rows(sql`select status, amount, idempotency_key from app.payments where promotion_id = ${id} order by id`)

describe('POST /api/promotion/submitSkillsBasedTC', () => {
  it('by card with the 250 option: one invoice of $250 + GST $25 (GST once), the surcharge, and the T&Cs await approval', async () => {
    const id = await readySkillPromotion(alice)
    const response = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '250' })
    expect(response.status, response.text).toBe(200)
    expect(response.body.permitStatus.id).toBe(PERMIT_STATUS_IDS.awaitingSubmission)
    expect(response.body.skillsBasedTCPaymentOption).toBe('250')
    expect(response.body.invoice).toMatchObject({
      status: 'paid',
      method: 'card',
      purpose: 'submission',
      amount: 250,
      gst: 25,
      ccSurcharge: 4.13,
      total: 279.13,
    })
    expect(response.body.invoice.lines).toEqual([
      expect.objectContaining({ description: 'Terms and conditions (game of skill), 90-day edit window', amount: 250 }),
    ])
    // The window: 90 days from the payment.
    const paidAt = Date.parse(response.body.invoice.datePaid)
    expect(Date.parse(response.body.skillsBasedTCEditWindow) - paidAt).toBe(90 * 86_400_000)

    const [payment, ...more] = await paymentsOf(id)
    expect(more).toEqual([])
    expect(payment).toMatchObject({ status: 'succeeded' })
    expect(Number(payment.amount)).toBe(27_913)
    const promotion = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(promotion.permit).toMatchObject({ feeDue_SkillsBasedTC: 250, feeDue_GST: 25, feeDue_Service: 0, feeDue_NSW: 0 })
    expect(promotion.pendingSubmissionInvoice).toBeNull()
    const change = await rows(sql`select changes from app.changelog where promotion_id = ${id} and action = 'submitSkillsBasedTC'`)
    expect(change[0].changes.skillsBasedTCPaymentOption).toEqual({ from: null, to: '250' })
  })

  it('submitPermitApplication carries skillsBasedTCPaymentOption too (001 §7): a skill promotion pays the option chosen', async () => {
    const id = await readySkillPromotion(alice)
    const response = await alice.client.post('/api/promotion/submitPermitApplication', {
      id,
      ...VISA,
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
      skillsBasedTCPaymentOption: '1000',
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body.invoice).toMatchObject({ status: 'paid', amount: 1000, gst: 100 })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.permit).toMatchObject({ feeDue_SkillsBasedTC: 1000 })
  })

  it('is idempotent: a repeated submit answers the same payment, charges nothing more', async () => {
    const id = await readySkillPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })
    const again = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.body.invoice.invoiceNumber).toBe(first.body.invoice.invoiceNumber)
    expect(first.body.invoice).toMatchObject({ amount: 150, gst: 15, total: 167.48 })
    expect(await paymentsOf(id)).toHaveLength(1)
    expect(await invoicesOf(id)).toHaveLength(1)
    // Another option after paying is refused: the price paid stays.
    const other = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '1000' })
    expect(other.status).toBe(409)
    expect(other.body.message).toBe(MSG_SKILL_TC_OPTION_FIXED)
    expect(await paymentsOf(id)).toHaveLength(1)
  })

  it('two concurrent submits with different options: one pays its own option, the other is refused', async () => {
    const id = await readySkillPromotion(alice)
    const answers = await Promise.all(
      (['150', '1000'] as const).map((option) => alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: option })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const ok = answers.find((a) => a.status === 200)!
    expect(ok.body.invoice.amount).toBe(Number(ok.body.skillsBasedTCPaymentOption))
    const [invoice, ...others] = await invoicesOf(id)
    expect(others).toEqual([])
    expect(Number(invoice.amount)).toBe(Number(ok.body.skillsBasedTCPaymentOption) * 100)
    expect(await paymentsOf(id)).toHaveLength(1)
  })

  it('after a declined card its invoice is cancelled (number kept, issue 22), so the option is not fixed yet; the retry pays the option chosen then', async () => {
    const id = await readySkillPromotion(alice)
    const declined = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...DECLINED, skillsBasedTCPaymentOption: '1000' })
    expect(declined.status).toBe(402)
    const cancelled = await api.database.db.execute(
      sql`select count(*)::int as n from app.invoices where promotion_id = ${id} and cancelled_at is not null and paid_at is null`,
    )
    expect((cancelled.rows[0] as { n: number }).n).toBe(1)
    const retry = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, isReattempt: true, skillsBasedTCPaymentOption: '250' })
    expect(retry.status, retry.text).toBe(200)
    expect(retry.body.invoice).toMatchObject({ amount: 250, gst: 25 })
    expect(Date.parse(retry.body.skillsBasedTCEditWindow) - Date.parse(retry.body.invoice.datePaid)).toBe(90 * 86_400_000)
    // Paid: now the option is fixed.
    expect((await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })).body.message).toBe(
      MSG_SKILL_TC_OPTION_FIXED,
    )
  })

  it('by BPAY: the invoice waits with its CRN and the window starts when staff approve the payment', async () => {
    const id = await readySkillPromotion(alice)
    const bpay = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, isBPAY: true, skillsBasedTCPaymentOption: 250 })
    expect(bpay.status, bpay.text).toBe(200)
    expect(bpay.body.permitStatus.id).toBe(PERMIT_STATUS_IDS.pendingPaymentClearance)
    expect(bpay.body.invoice).toMatchObject({ method: 'bpay', amount: 250, gst: 25, ccSurcharge: 0, total: 275, billerCode: '987654' })
    expect(bpay.body.invoice.crn).toMatch(/^\d+$/)
    expect(bpay.body.skillsBasedTCEditWindow).toBeNull()
    const approved = await staff.post('/api/admin/approveBpayPayment', { id })
    expect(approved.status).toBe(200)
    expect(approved.body.statusId).toBe(PERMIT_STATUS_IDS.awaitingSubmission)
    const terms = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
    expect(terms).toMatchObject({ skillsBasedTCPaymentOption: '250', skillsBasedTCEditWindowDays: 90 })
    expect(Date.parse(terms.skillsBasedTCEditWindow) - Date.parse(terms.skillsBasedTCPurchasedAt)).toBe(90 * 86_400_000)
  })

  it('refuses a missing or unknown option, a game of chance, and another customer’s promotion', async () => {
    const id = await readySkillPromotion(alice)
    for (const option of [undefined, '500', 'abc']) {
      const response = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: option })
      expect(response.status).toBe(400)
      expect(response.body.modelState.skillsBasedTCPaymentOption).toEqual([MSG_TERMS_PAYMENT_OPTION])
    }
    const chance = await createPromotion(alice.client, { termsAndConditions: true })
    const refused = await alice.client.post('/api/promotion/submitSkillsBasedTC', { id: chance, ...VISA, skillsBasedTCPaymentOption: '150' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MSG_SKILL_TC_NOT_SKILL)
    expect((await bob.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })).status).toBe(404)
    expect((await api.client().post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })).status).toBe(401)
    expect(await paymentsOf(id)).toEqual([])
  })

  it('is in the OpenAPI document', async () => {
    const doc = await api.client().get('/api/openapi.json')
    expect(doc.status).toBe(200)
    expect(Object.keys(doc.body.paths)).toContain('/api/promotion/submitSkillsBasedTC')
  })
})

describe('skillsBasedTCEditWindow', () => {
  it('inside the window the customer regenerates approved T&Cs and amends the promotion; after it both are refused, staff still may', async () => {
    const id = await readySkillPromotion(alice)
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    expect((await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '150' })).status).toBe(200)
    const approved = await alice.client.post('/api/promotion/approveTermsAndConditions', { id })
    expect(approved.body.statusId).toBe(PERMIT_STATUS_IDS.submitted)

    // Day 29 of 30: regenerate and amend.
    await paidDaysAgo(api, id, 29)
    expect((await alice.client.get(`/api/terms/get?promotionId=${id}`)).body.canGenerate).toBe(true)
    // Nothing changed yet: the current version is answered, no new one is made (issue 28).
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 1, created: false })
    const amend = await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })
    expect(amend.status).toBe(200)
    expect(amend.body.permitStatus.id).toBe(PERMIT_STATUS_IDS.amendmentsInProgress)
    const modified = await alice.client.post('/api/promotion/modify', {
      id,
      name: 'Caption contest (winter)',
      ausStates: { nsw: true, act: true },
      totalPrizeValue: 20_000,
      includeNz: false,
      abridgedTC: false,
      hostedTC: false,
      skillsBasedTC: true,
    })
    expect(modified.status, modified.text).toBe(200)
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({
      versionNumber: 2,
      created: true,
      reason: 'application-change',
    })

    // Day 31: closed.
    await paidDaysAgo(api, id, 2)
    const terms = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
    expect(terms.canGenerate).toBe(false)
    expect(Date.parse(terms.skillsBasedTCEditWindow)).toBeLessThan(Date.now())
    const regenerate = await alice.client.post('/api/terms/generate', { promotionId: id })
    expect(regenerate.status).toBe(409)
    expect(regenerate.body.message).toBe(MSG_TERMS_EDIT_WINDOW_CLOSED)
    const late = await alice.client.post('/api/promotion/modify', {
      id,
      name: 'Caption contest (spring)',
      ausStates: { nsw: true, act: true },
      totalPrizeValue: 20_000,
      includeNz: false,
      abridgedTC: false,
      hostedTC: false,
      skillsBasedTC: true,
    })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(MSG_SKILL_TC_AMEND_WINDOW_CLOSED)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.name).toBe('Caption contest (winter)')
    // Staff are not bound by the window.
    expect((await staff.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
  })

  it('a submitted skill promotion cannot begin an amendment once the window has closed', async () => {
    const id = await readySkillPromotion(alice)
    await alice.client.post('/api/terms/generate', { promotionId: id })
    await alice.client.post('/api/promotion/submitSkillsBasedTC', { id, ...VISA, skillsBasedTCPaymentOption: '250' })
    await alice.client.post('/api/promotion/approveTermsAndConditions', { id })
    await paidDaysAgo(api, id, 89)
    expect((await alice.client.get(`/api/terms/get?promotionId=${id}`)).body.canGenerate).toBe(true)
    await paidDaysAgo(api, id, 2)
    const amend = await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })
    expect(amend.status).toBe(409)
    expect(amend.body.message).toBe(MSG_SKILL_TC_AMEND_WINDOW_CLOSED)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.id).toBe(PERMIT_STATUS_IDS.submitted)
  })
})
