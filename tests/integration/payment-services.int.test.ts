/**
 * Issue 22, finding 4 and 5: paid services wait for their payment. Written as the customer's
 * calls (and a dishonest customer's): T&Cs approved, printed and hosted unpaid; a draw run and its
 * certificate unpaid; the lodgement pack served while a fee rise is owed. Staff may waive the
 * payment of a service with a reason, which the changelog keeps.
 */
import {
  formatCurrency,
  INVOICE_EMAILS_PER_HOUR,
  msgInvoiceEmailLimit,
  msgServiceNotBought,
  msgServiceUnpaid,
  MSG_WAIVER_REASON_REQUIRED,
  PAID_SERVICE_NAMES,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED, readyPromotion, VISA } from '../factories/payments'
import { createCustomer, createPromotion, promotionInput, type Customer } from '../factories/promotions'
import { readOutbox, signInStaff } from '../setup/accounts'
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

const owedCents = async (id: number) => {
  const p = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.permit
  return Math.round((p.feeDue_Total + p.feeDue_GST) * 100)
}
const refusal = (service: 'terms' | 'draw' | 'lodgementPack', id: number, cents: number) =>
  msgServiceUnpaid(service, formatCurrency(cents), `/permit/edit/${id}/payment/`)

describe('T&Cs wait for their payment', () => {
  it('unpaid: the draft is previewed, but approval, the PDF and the hosted page wait; once paid they are delivered', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    const draft = await alice.client.get(`/api/terms/get?promotionId=${id}`)
    expect(draft.status).toBe(200)
    expect(draft.body.html).toBeTruthy()

    const owed = await owedCents(id)
    const approve = await alice.client.post('/api/promotion/approveTermsAndConditions', { id })
    expect(approve.status).toBe(402)
    expect(approve.body.message).toBe(refusal('terms', id, owed))
    const pdf = await alice.client.get(`/promotions/downloadterms/${id}`)
    expect(pdf.status).toBe(402)
    // Another customer still learns nothing: 404, not 402.
    expect((await bob.client.post('/api/promotion/approveTermsAndConditions', { id })).status).toBe(404)
    const changes = await api.database.db.execute(sql`select count(*)::int as n from app.changelog where promotion_id = ${id} and action = 'terms-approved'`)
    expect((changes.rows[0] as any).n).toBe(0)

    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status).toBe(200)
    expect(paid.body.permitStatus.slug).toBe('awaiting-submission')
    const approved = await alice.client.post('/api/promotion/approveTermsAndConditions', { id })
    expect(approved.status, approved.text).toBe(200)
    const { hostedUrl } = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
    expect((await api.client().get(new URL(hostedUrl).pathname)).status).toBe(200)
  })

  it('staff may waive the payment of a service, with a reason kept in the changelog; customers may not', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    await alice.client.post('/api/terms/generate', { promotionId: id })
    expect((await alice.client.post('/api/admin/waiveServicePayment', { id, service: 'terms', reason: 'Goodwill after an outage' })).status).toBe(403)
    const noReason = await staff.post('/api/admin/waiveServicePayment', { id, service: 'terms', reason: ' ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.modelState.reason).toEqual([MSG_WAIVER_REASON_REQUIRED])
    const waived = await staff.post('/api/admin/waiveServicePayment', { id, service: 'terms', reason: 'Goodwill after an outage' })
    expect(waived.status).toBe(200)
    expect((await alice.client.post('/api/promotion/approveTermsAndConditions', { id })).status).toBe(200)
    // The waiver covers the named service only.
    const log = await api.database.db.execute(sql`select changes from app.changelog where promotion_id = ${id} and action = 'waiveServicePayment'`)
    expect((log.rows[0] as any).changes).toEqual({ service: { from: null, to: 'terms' }, reason: { from: null, to: 'Goodwill after an outage' } })
  })
})

describe('a random draw waits for its payment', () => {
  it('unpaid: created, uploaded and committed, but running it and its public result wait; paid, it runs', async () => {
    const id = await readyPromotion(alice, { randomDraw: true })
    const draw = await alice.client.post('/api/draw/create', { promotionId: id, winners: 1, reserves: 0 })
    expect(draw.status, draw.text).toBe(200)
    const data = new FormData()
    data.append('id', String(draw.body.id))
    data.append('file', new Blob(['entryId,name\nE1,Ann\nE2,Bob\nE3,Cy\n']), 'entries.csv')
    expect((await alice.client.upload('/api/draw/uploadEntries', data)).status).toBe(200)
    expect((await alice.client.post('/api/draw/commit', { id: draw.body.id })).status).toBe(200)

    const owed = await owedCents(id)
    const run = await alice.client.post('/api/draw/run', { id: draw.body.id })
    expect(run.status).toBe(402)
    expect(run.body.message).toBe(refusal('draw', id, owed))
    expect((await api.client().get(`/api/draw/public?publicId=${draw.body.publicId}`)).status).toBe(402)
    expect((await api.client().get(`/draws/${draw.body.publicId}/certificate.pdf`)).status).toBe(402)

    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    // Paid: once its scheduled time has come (issue 23), it runs.
    await api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${draw.body.id}`)
    const ran = await alice.client.post('/api/draw/run', { id: draw.body.id })
    expect(ran.status, ran.text).toBe(200)
    expect(ran.body.winners).toHaveLength(1)
  })
})

describe('the lodgement pack waits while anything is owed (finding 5)', () => {
  it('pay → amend → raise the prize value: the pack waits for the rise, then is available again', async () => {
    const id = await readyPromotion(alice)
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    expect((await alice.client.get(`/api/promotion/lodgementPack?id=${id}`)).body.state).not.toBe('unpaid')

    expect((await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })).status).toBe(200)
    expect((await alice.client.post('/api/promotion/modify', { id, ...promotionInput({ totalPrizeValue: 60_000 }) })).status).toBe(200)
    const owed = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice
    expect(owed.invoiceNumber).toBeNull()
    const rise = Math.round((owed.amount + owed.gst) * 100)

    expect((await alice.client.get(`/api/promotion/lodgementPack?id=${id}`)).body.state).toBe('unpaid')
    const download = await alice.client.get(`/promotions/downloadpdfs/${id}`)
    expect(download.status).toBe(402)
    expect(download.body.message).toBe(refusal('lodgementPack', id, rise))
    const request = await alice.client.post('/api/promotion/requestLodgementPack', { id })
    expect(request.status).toBe(402)

    expect((await alice.client.post('/api/promotion/submitAdditionalPayment', { id, ...VISA })).status).toBe(200)
    expect((await alice.client.get(`/api/promotion/lodgementPack?id=${id}`)).body.state).not.toBe('unpaid')
  })
})

describe('the refusal names what the payment page would charge, never $0 (issue 22)', () => {
  const newDraw = async (id: number) => {
    const draw = await alice.client.post('/api/draw/create', { promotionId: id, winners: 1, reserves: 0 })
    expect(draw.status, draw.text).toBe(200)
    return draw.body.id as number
  }

  it('nothing invoiced yet (the declined card cancelled its invoice): the whole fees, as the payment page shows them', async () => {
    const id = await readyPromotion(alice, { randomDraw: true })
    const drawId = await newDraw(id)
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...DECLINED })).status).toBe(402)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice).toBeNull()
    const run = await alice.client.post('/api/draw/run', { id: drawId })
    expect(run.status).toBe(402)
    expect(run.body.message).toBe(refusal('draw', id, await owedCents(id)))
    expect(run.body.message).not.toContain('$0 ')
  })

  it('paid, then the draw service added by an amendment: the rise not yet invoiced, not $0', async () => {
    const id = await readyPromotion(alice)
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    expect((await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })).status).toBe(200)
    const modified = await alice.client.post('/api/promotion/modify', { id, ...promotionInput({ randomDraw: true }) })
    expect(modified.status, modified.text).toBe(200)
    const owed = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice
    const rise = Math.round((owed.amount + owed.gst) * 100)
    expect(rise).toBeGreaterThan(0)
    const run = await alice.client.post('/api/draw/run', { id: await newDraw(id) })
    expect(run.status).toBe(402)
    expect(run.body.message).toBe(refusal('draw', id, rise))
  })

  it('a draw whose service was taken off the promotion: says it is not bought and where to add it (409), not an amount', async () => {
    const id = await readyPromotion(alice, { randomDraw: true })
    const drawId = await newDraw(id)
    const modified = await alice.client.post('/api/promotion/modify', { id, ...promotionInput({ randomDraw: false }) })
    expect(modified.status, modified.text).toBe(200)
    const run = await alice.client.post('/api/draw/run', { id: drawId })
    expect(run.status).toBe(409)
    expect(run.body.message).toBe(msgServiceNotBought(PAID_SERVICE_NAMES.draw, `/promotions/modify/${id}/`))
    expect(run.body.modelState).toEqual({ payment: [run.body.message] })
  })
})

describe('GET /api/promotion/servicePayment: the screens show the state before the customer tries (issue 22)', () => {
  it('owed with the refusal, then paid; a service not bought says where to add it; another customer gets 404', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    const before = await alice.client.get(`/api/promotion/servicePayment?id=${id}`)
    expect(before.status, before.text).toBe(200)
    const owed = await owedCents(id)
    expect(before.body.services.terms).toEqual({
      state: 'owed',
      owed: owed / 100,
      message: refusal('terms', id, owed),
      paymentPath: `/permit/edit/${id}/payment/`,
      servicesPath: null,
    })
    expect(before.body.services.lodgementPack).toMatchObject({ state: 'owed', owed: owed / 100 })
    expect(before.body.services.draw).toEqual({
      state: 'notBought',
      owed: null,
      message: msgServiceNotBought(PAID_SERVICE_NAMES.draw, `/promotions/modify/${id}/`),
      paymentPath: null,
      servicesPath: `/promotions/modify/${id}/`,
    })
    expect((await bob.client.get(`/api/promotion/servicePayment?id=${id}`)).status).toBe(404)
    expect((await alice.client.get('/api/promotion/servicePayment?id=abc')).status).toBe(400)

    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    const after = (await alice.client.get(`/api/promotion/servicePayment?id=${id}`)).body
    expect(after.services.terms).toEqual({ state: 'paid', owed: null, message: null, paymentPath: null, servicesPath: null })
    expect(after.services.lodgementPack.state).toBe('paid')
  })
})

describe('invoice e-mails are limited', () => {
  it('5 an hour per invoice and account, then a clear 429 that sends nothing; another customer gets 404 and uses none', async () => {
    const carol = await createCustomer(api)
    const id = await readyPromotion(carol)
    const bpay = await carol.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    const invoiceNumber = bpay.body.invoice.invoiceNumber
    expect((await bob.client.post('/api/invoice/sendEmail', { invoiceNumber })).status).toBe(404)
    for (let i = 0; i < INVOICE_EMAILS_PER_HOUR; i++) expect((await carol.client.post('/api/invoice/sendEmail', { invoiceNumber })).status).toBe(200)
    const sixth = await carol.client.post('/api/invoice/sendEmail', { invoiceNumber })
    expect(sixth.status).toBe(429)
    expect(sixth.body.message).toBe(msgInvoiceEmailLimit(60))
    expect(sixth.headers.get('retry-after')).toBeTruthy()
    const copies = (await readOutbox(api.config.DATA_DIR)).filter((m) => m.to === carol.email && m.subject.endsWith(`Tax invoice ${invoiceNumber}`))
    expect(copies).toHaveLength(INVOICE_EMAILS_PER_HOUR)
  })
})
