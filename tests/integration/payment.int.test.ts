import {
  crnForInvoice,
  isValidCrn,
  MSG_CARD_CVC_INVALID,
  MSG_CARD_DECLINED,
  MSG_CARD_EXPIRY_INVALID,
  MSG_CARD_NUMBER_INVALID,
  MSG_CONFIRM_PAYMENT_FIELDS,
  MSG_INVOICE_ALREADY_PAID,
  MSG_NOT_READY_FOR_PAYMENT,
  MSG_INVOICE_BLOCKED_AWAITING_PAYMENT,
  MSG_INVOICE_BLOCKED_TC_APPROVAL,
  MSG_ADDENDUM_NOT_AFTER_SUBMISSION,
  MSG_ADDENDUM_UNKNOWN,
  MSG_PAYMENT_DUE_BEFORE_GENERATION,
  MSG_PAYMENT_IN_PROGRESS,
  dollarsToCents,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED, readyPromotion, uploadFile as upload, VISA } from '../factories/payments'
import { savePromotion } from '../factories/permit'
import { createCustomer, createPromotion, promotionInput, setDrawDates, type Customer } from '../factories/promotions'
import fs from 'node:fs'
import path from 'node:path'
import PostalMime from 'postal-mime'
import { readOutbox, signInStaff, waitForMail } from '../setup/accounts'
import { handlerQueue } from '../../api/src/events/delivery'
import { approveBpayPayment } from '../../api/src/modules/payments/approve-bpay-payment'
import type { Db } from '../../api/src/db/client'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi({ BPAY_BILLER_CODE: '987654' }, { deliverEvents: true })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

async function rows(query: ReturnType<typeof sql>) {
  return (await api.database.db.execute(query)).rows as any[]
}
const paymentsOf = (id: number) =>
  rows(sql`select status, brand, last4, amount, is_reattempt, idempotency_key from app.payments where promotion_id = ${id} order by id`)
const invoicesOf = (id: number) =>
  rows(sql`select invoice_number, amount, gst, cc_surcharge, method, crn, paid_at, cancelled_at from app.invoices where promotion_id = ${id} order by id`)

describe('POST /api/promotion/submitPermitApplication by card (sandbox)', () => {
  it('tells the browser to send card fields to the sandbox', async () => {
    expect((await alice.client.get('/api/payments/config')).body).toEqual({ gateway: 'sandbox', publishableKey: null, billerCode: '987654', testMode: true })
  })

  it('charges the fees plus GST plus 1.5% surcharge, invoices them and submits', async () => {
    const id = await readyPromotion(alice)
    const before = await alice.client.get(`/api/promotion/get?id=${id}`)
    const fees = before.body.permit
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(response.status).toBe(200)
    expect(response.body.permitStatus).toEqual({ id: 4, name: 'Submitted and awaiting feedback', slug: 'submitted' })
    expect(response.body.card).toEqual({ brand: 'visa', last4: '4242' })
    const invoice = response.body.invoice
    expect(invoice).toMatchObject({ status: 'paid', method: 'card', purpose: 'submission', promotionId: id })
    // Dollars on the wire on both sides (DESIGN.md §4): the invoice charges the promotion's fees.
    expect(invoice.amount).toBe(fees.feeDue_Total)
    expect(invoice.gst).toBe(fees.feeDue_GST)
    expect(invoice.total).toBe(fees.feeDue_GrandTotal)
    expect(invoice.lines.map((l: any) => l.description)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^NSW/), expect.stringMatching(/^ACT/), 'Permit management service']),
    )

    const [payment] = await paymentsOf(id)
    expect(payment).toMatchObject({ status: 'succeeded', brand: 'visa', last4: '4242', is_reattempt: false })
    expect(Number(payment.amount)).toBe(dollarsToCents(fees.feeDue_GrandTotal)) // cents in the database
    // Nothing of the card is stored but the brand and last four digits.
    const stored = JSON.stringify(await rows(sql`select * from app.payments where promotion_id = ${id}`))
    expect(stored).not.toContain('4242424242424242')
    expect(stored).not.toContain('12/35')

    const after = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect(after.body.permitStatus.slug).toBe('submitted')
    expect(after.body.pendingSubmissionInvoice).toBeNull()
    const changes = await rows(sql`select action, changes from app.changelog where promotion_id = ${id} and action = 'submitPermitApplication'`)
    expect(changes[0].changes.statusId).toEqual({ from: 2, to: 4 })
  })

  it('with T&Cs bought, the paid promotion waits in Awaiting submission', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(response.status).toBe(200)
    expect(response.body.permitStatus.slug).toBe('awaiting-submission')
  })

  it('a declined card answers the gateway message, keeps the status, cancels its invoice (number kept), and the reattempt pays a new one with a new key', async () => {
    const id = await readyPromotion(alice)
    const declined = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...DECLINED })
    expect(declined.status).toBe(402)
    expect(declined.body.message).toBe(MSG_CARD_DECLINED)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.slug).toBe('ready-submission')
    // Issue 22: the number reserved before the charge is never given back; the declined invoice is cancelled with it.
    const [reserved] = await invoicesOf(id)
    expect(reserved.cancelled_at).not.toBeNull()
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice).toBeNull()

    const retry = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isReattempt: true })
    expect(retry.status).toBe(200)
    expect(retry.body.invoice.invoiceNumber).toBeGreaterThan(Number(reserved.invoice_number))
    const payments = await paymentsOf(id)
    expect(payments.map((p) => [p.status, p.is_reattempt])).toEqual([
      ['failed', false],
      ['succeeded', true],
    ])
    expect(new Set(payments.map((p) => p.idempotency_key)).size).toBe(2)
    expect((await invoicesOf(id)).map((i) => [Number(i.invoice_number), i.cancelled_at !== null])).toEqual([
      [Number(reserved.invoice_number), true],
      [retry.body.invoice.invoiceNumber, false],
    ])
  })

  it('refuses a bad check digit, an expired card and a short security code with model state, before any charge', async () => {
    const id = await readyPromotion(alice)
    const badLuhn = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, cardNumber: '4242 4242 4242 4241' })
    expect(badLuhn.status).toBe(400)
    expect(badLuhn.body.message).toBe(MSG_CONFIRM_PAYMENT_FIELDS)
    expect(badLuhn.body.modelState).toEqual({ cardNumber: [MSG_CARD_NUMBER_INVALID] })
    const expired = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, cardExpiry: '01/20' })
    expect(expired.status).toBe(400)
    expect(expired.body.modelState).toEqual({ cardExpiry: [MSG_CARD_EXPIRY_INVALID] })
    const cvc = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, cardSecurityCode: '12' })
    expect(cvc.body.modelState).toEqual({ cardSecurityCode: [MSG_CARD_CVC_INVALID] })
    expect(await paymentsOf(id)).toHaveLength(0)
    expect(await invoicesOf(id)).toHaveLength(0)
  })

  // 4000 0027 6000 3184 (3-D Secure in the sandbox): tests/integration/payment-3ds.int.test.ts.

  it('two parallel submits charge once and invoice once', async () => {
    const id = await readyPromotion(alice)
    const [a, b] = await Promise.all([
      alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA }),
      alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA }),
    ])
    // Issue 22: the second is refused while the first one's charge is answered (no lock is held meanwhile).
    const [paid, other] = a.status === 200 ? [a, b] : [b, a]
    expect(paid.status).toBe(200)
    // Overlapping: 409 while the first is answered; after it: the payment made again (the same invoice).
    if (other.status === 409) expect(other.body.message).toBe(MSG_PAYMENT_IN_PROGRESS)
    else expect([other.status, other.body.invoice.invoiceNumber]).toEqual([200, paid.body.invoice.invoiceNumber])
    expect((await paymentsOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
    expect(await invoicesOf(id)).toHaveLength(1)
    // Sent again once the first is answered: the payment made, nothing charged.
    const again = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(again.status).toBe(200)
    expect(again.body.invoice.invoiceNumber).toBe(paid.body.invoice.invoiceNumber)
    expect(await paymentsOf(id)).toHaveLength(1)
  })

  it('refuses a promotion that is not ready', async () => {
    const id = await createPromotion(alice.client)
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe(MSG_NOT_READY_FOR_PAYMENT)
  })
})

describe('BPAY', () => {
  it('waits in Pending payment clearance with a CRN from the invoice, then can be paid by card', async () => {
    const id = await readyPromotion(alice)
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    expect(response.status).toBe(200)
    expect(response.body.permitStatus.slug).toBe('pending-payment-clearance')
    const invoice = response.body.invoice
    expect(invoice).toMatchObject({ status: 'awaiting payment', method: 'bpay', billerCode: '987654', ccSurcharge: 0 })
    expect(invoice.crn).toBe(crnForInvoice(invoice.invoiceNumber))
    expect(isValidCrn(invoice.crn)).toBe(true)
    const owed = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice
    expect(owed).toEqual({ invoiceNumber: invoice.invoiceNumber, amount: invoice.amount, gst: invoice.gst, ccSurcharge: 0 })

    const card = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isCardAfterBpay: true })
    expect(card.status).toBe(200)
    expect(card.body.permitStatus.slug).toBe('submitted')
    expect(card.body.invoice).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'paid', method: 'card' })
    expect(card.body.invoice.ccSurcharge).toBeGreaterThan(0)
    expect(await invoicesOf(id)).toHaveLength(1)
  })

  it('staff approve the BPAY payment; customers may not', async () => {
    const id = await readyPromotion(alice)
    const bpay = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    expect((await alice.client.post('/api/admin/approveBpayPayment', { id })).status).toBe(403)
    const approved = await staff.post('/api/admin/approveBpayPayment', { id })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ id, statusId: 4, invoice: { invoiceNumber: bpay.body.invoice.invoiceNumber, status: 'paid', method: 'bpay' } })
    expect((await staff.post('/api/admin/approveBpayPayment', { id })).status).toBe(409)
  })
})

describe('invoices', () => {
  it('numbers invoices without gaps across promotions', async () => {
    const first = await readyPromotion(alice)
    const second = await readyPromotion(bob)
    const a = await alice.client.post('/api/promotion/submitPermitApplication', { id: first, ...VISA })
    const b = await bob.client.post('/api/promotion/submitPermitApplication', { id: second, isBPAY: true })
    expect(b.body.invoice.invoiceNumber).toBe(a.body.invoice.invoiceNumber + 1)
    const numbers = (await rows(sql`select invoice_number from app.invoices order by invoice_number`)).map((r) => Number(r.invoice_number))
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i))
  })

  it("lists the account's invoices 10 a page, newest first, at most 100 a page", async () => {
    const customer = await createCustomer(api)
    for (let i = 0; i < 11; i++) {
      const id = await readyPromotion(customer)
      await customer.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    }
    const page1 = await customer.client.get('/api/invoice/getInvoices')
    expect(page1.status).toBe(200)
    expect(page1.body).toMatchObject({ invoiceCount: 11, page: 1, count: 10 })
    expect(page1.body.invoices).toHaveLength(10)
    const numbers = page1.body.invoices.map((i: any) => i.invoiceNumber)
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x))
    const page2 = await customer.client.get('/api/invoice/getInvoices?page=2')
    expect(page2.body.invoices).toHaveLength(1)
    expect((await customer.client.get('/api/invoice/getInvoices?count=101')).status).toBe(400)
    const one = await customer.client.get(`/api/invoice/get?invoiceNumber=${numbers[0]}`)
    expect(one.body).toMatchObject({ invoiceNumber: numbers[0], status: 'awaiting payment' })
  })

  it('staff cancel an unpaid invoice; a paid one stays; customers may not cancel', async () => {
    const id = await readyPromotion(alice)
    const bpay = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    const number = bpay.body.invoice.invoiceNumber
    expect((await alice.client.post('/api/invoice/cancel', { invoiceNumber: number })).status).toBe(403)
    const cancelled = await staff.post('/api/invoice/cancel', { invoiceNumber: number })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', dateCancelled: expect.any(String) })

    const paidId = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id: paidId, ...VISA })
    const refused = await staff.post('/api/invoice/cancel', { invoiceNumber: paid.body.invoice.invoiceNumber })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MSG_INVOICE_ALREADY_PAID)
    expect((await staff.get(`/api/invoice/getArbitrary?invoiceNumber=${paid.body.invoice.invoiceNumber}`)).status).toBe(200)
  })
})

describe('another customer', () => {
  it('gets 404 on every payment and invoice call for a promotion or invoice not theirs', async () => {
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    const number = paid.body.invoice.invoiceNumber
    expect((await bob.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(404)
    expect((await bob.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isCardAfterBpay: true })).status).toBe(404)
    expect((await bob.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })).status).toBe(404)
    expect((await bob.client.get(`/api/invoice/get?invoiceNumber=${number}`)).status).toBe(404)
    expect((await bob.client.get(`/api/invoice/getInvoices?promotionId=${id}`)).status).toBe(404)
    expect((await bob.client.get('/api/invoice/getInvoices')).body.invoices.map((i: any) => i.invoiceNumber)).not.toContain(number)
    expect((await bob.client.get(`/api/invoice/getArbitrary?invoiceNumber=${number}`)).status).toBe(403)
    expect(await paymentsOf(id)).toHaveLength(0)
  })
})

describe('GET /download/invoice/{invoiceNumber}', () => {
  it('prints the tax invoice for its owner and staff; 404 for another customer; 401 signed out', async () => {
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    const number = paid.body.invoice.invoiceNumber
    expect((await api.client().get(`/download/invoice/${number}`)).status).toBe(401)
    expect((await bob.client.get(`/download/invoice/${number}`)).status).toBe(404)
    expect((await alice.client.get('/download/invoice/999999999')).status).toBe(404)
    const own = await alice.client.get(`/download/invoice/${number}`)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await staff.get(`/download/invoice/${number}`)).status).toBe(200)
  })
})

describe('mail', () => {
  it('sends the receipt with the tax invoice attached and the submitted confirmation; BPAY instructions with biller code and CRN', async () => {
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    const number = paid.body.invoice.invoiceNumber
    const dataDirs = [path.resolve(api.config.DATA_DIR)]
    const receipt = await waitForMail(alice.email, new RegExp(`^Payment received: tax invoice ${number}$`), { dataDirs, timeoutMs: 30_000 })
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(api.config.DATA_DIR, 'outbox', receipt.file)))
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`tax-invoice-${number}.pdf`, 'application/pdf']])
    const content = parsed.attachments[0]!.content
    expect(
      Buffer.from(typeof content === 'string' ? content : new Uint8Array(content as ArrayBuffer))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    await waitForMail(alice.email, /: Submitted: waiting for the regulators$/, { dataDirs, timeoutMs: 30_000 })

    const other = await readyPromotion(alice)
    const bpay = await alice.client.post('/api/promotion/submitPermitApplication', { id: other, isBPAY: true })
    const instructions = await waitForMail(alice.email, new RegExp(`^BPAY payment details for invoice ${bpay.body.invoice.invoiceNumber}$`), {
      dataDirs,
      timeoutMs: 30_000,
    })
    expect(instructions.text).toContain('Biller code: 987654')
    // Issue 22: test mode (the default outside production) says so at the top of every e-mail.
    expect(instructions.text.startsWith('TEST MODE — no money taken')).toBe(true)
    expect(instructions.html).toContain('TEST MODE — no money taken')
    expect(instructions.text).toContain(`Reference number (CRN): ${bpay.body.invoice.crn}`)
  })
})

describe('mail, through the events outbox (issue 31)', () => {
  const mailsTo = async (email: string, subject: RegExp) =>
    (await readOutbox(path.resolve(api.config.DATA_DIR))).filter((m) => m.to === email && subject.test(m.subject))

  it('a receipt delivered twice (pg-boss redelivers at least once) reaches the customer once', async () => {
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    const number = paid.body.invoice.invoiceNumber
    const receipt = new RegExp(`^Payment received: tax invoice ${number}$`)
    await waitForMail(alice.email, receipt, { dataDirs: [path.resolve(api.config.DATA_DIR)], timeoutMs: 30_000 })
    const [event] = await rows(sql`select id, payload from app.outbox_events where type = 'promotion.paid' and (payload->>'promotionId')::int = ${id}`)
    expect(event.payload).toEqual({ promotionId: id, invoiceNumber: number })

    // The same job again, as a retry after a lost acknowledgement would bring it.
    const queue = handlerQueue({ name: 'payment-receipt-mail' })
    const again = await api.boss!.send(queue, { eventId: Number(event.id), payload: event.payload })
    await expect.poll(async () => (await api.boss!.getJobById(queue, again!))?.state, { timeout: 30_000 }).toBe('completed')
    expect(await mailsTo(alice.email, receipt)).toHaveLength(1)
    expect(await rows(sql`select handler from app.handled_events where event_id = ${event.id}`)).toEqual(
      expect.arrayContaining([{ handler: 'payment-receipt-mail' }]),
    )
  })

  it('a BPAY approval that rolled back mails nothing; the one that committed mails one receipt', async () => {
    const staffUser = await signInStaff(staff, api)
    const first = await readyPromotion(alice)
    const second = await readyPromotion(alice)
    const bpayFirst = await alice.client.post('/api/promotion/submitPermitApplication', { id: first, isBPAY: true })
    const bpaySecond = await alice.client.post('/api/promotion/submitPermitApplication', { id: second, isBPAY: true })
    const receiptOf = (number: number) => new RegExp(`^Payment received: tax invoice ${number}$`)

    // The approval runs in a transaction that fails after it: invoice, status and event all roll back.
    await expect(
      api.database.db.transaction(async (tx) => {
        await approveBpayPayment(tx as unknown as Db, { userId: staffUser.userId, isStaff: true }, first)
        throw new Error('the change failed after the approval')
      }),
    ).rejects.toThrow('the change failed after the approval')
    expect((await invoicesOf(first)).at(-1).paid_at).toBeNull()

    // A later approval that commits: its receipt arrives after the rolled-back one would have.
    expect((await staff.post('/api/admin/approveBpayPayment', { id: second })).status).toBe(200)
    await waitForMail(alice.email, receiptOf(bpaySecond.body.invoice.invoiceNumber), { dataDirs: [path.resolve(api.config.DATA_DIR)], timeoutMs: 30_000 })
    expect(await mailsTo(alice.email, receiptOf(bpayFirst.body.invoice.invoiceNumber))).toEqual([])
    expect(
      await rows(sql`select count(*)::int as n from app.outbox_events where (payload->>'promotionId')::int = ${first} and type = 'promotion.paid'`),
    ).toEqual([{ n: 0 }])
  })
})

describe('POST /api/invoice/sendEmail', () => {
  it("mails the PDF to the invoice's owner; another customer gets 404", async () => {
    const id = await readyPromotion(alice)
    const bpay = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    const number = bpay.body.invoice.invoiceNumber
    expect((await bob.client.post('/api/invoice/sendEmail', { invoiceNumber: number })).status).toBe(404)
    const sent = await alice.client.post('/api/invoice/sendEmail', { invoiceNumber: number })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ ok: true, email: alice.email })
    const mail = await waitForMail(alice.email, new RegExp(`^Tax invoice ${number}$`), { dataDirs: [path.resolve(api.config.DATA_DIR)] })
    expect(mail.text).toContain(`tax invoice ${number}`)
  })
})

describe('amendment, additional payment and resubmission', () => {
  it('amends a submitted application, invoices only the rise in fees, and resubmits without a second charge', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(first.body.permitStatus.slug).toBe('submitted')

    expect((await bob.client.post('/api/promotion/beginAmendPermitApplication', { id })).status).toBe(404)
    const amend = await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })
    expect(amend.status).toBe(200)
    expect(amend.body.permitStatus.slug).toBe('amendments-in-progress')
    expect((await alice.client.post('/api/promotion/beginAmendPermitApplication', { id })).status).toBe(409)
    await waitForMail(alice.email, /: amendment started$/, { dataDirs: [path.resolve(api.config.DATA_DIR)] })

    // Nothing owed yet: no additional payment.
    expect((await alice.client.post('/api/promotion/submitAdditionalPayment', { id, ...VISA })).status).toBe(409)

    // A higher prize value moves ACT to a higher tier: only the difference is owed.
    const before = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const modified = await alice.client.post('/api/promotion/modify', { id, ...promotionInput({ totalPrizeValue: 60_000 }) })
    expect(modified.status, modified.text).toBe(200)
    await waitForMail(alice.email, /: additional payment due$/, { dataDirs: [path.resolve(api.config.DATA_DIR)] })
    const after = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    // Dollars on the wire: the rise in cents, computed from the digits (no float subtraction).
    const riseCents = dollarsToCents(after.permit.feeDue_Total) - dollarsToCents(before.permit.feeDue_Total)
    expect(riseCents).toBeGreaterThan(0)
    expect(after.pendingSubmissionInvoice).toMatchObject({ invoiceNumber: null })
    expect(Math.round(after.pendingSubmissionInvoice.amount * 100)).toBe(riseCents)

    expect((await bob.client.post('/api/promotion/submitAdditionalPayment', { id, ...VISA })).status).toBe(404)
    const additional = await alice.client.post('/api/promotion/submitAdditionalPayment', { id, ...VISA })
    expect(additional.status, additional.text).toBe(200)
    expect(additional.body.invoice).toMatchObject({ purpose: 'additional', status: 'paid', method: 'card' })
    expect(Math.round(additional.body.invoice.amount * 100)).toBe(riseCents)
    // Issue 22: modify derives completeness like a save: the complete amendment is ready for resubmission.
    expect(additional.body.permitStatus.slug).toBe('ready-resubmission')
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice).toBeNull()
    expect((await alice.client.post('/api/promotion/submitAdditionalPayment', { id, ...VISA })).status).toBe(409)

    // Completing the amendment readies the resubmission; nothing more is owed, so no charge.
    const saved = await savePromotion(alice.client, id)
    expect(saved.body.permitStatus.slug).toBe('ready-resubmission')
    const resubmit = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(resubmit.status).toBe(200)
    expect(resubmit.body.permitStatus.slug).toBe('resubmitted')
    expect(resubmit.body.invoice).toBeNull()
    expect((await paymentsOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(2)
    expect((await invoicesOf(id)).map((i) => Number(i.amount))).toEqual([dollarsToCents(before.permit.feeDue_Total), riseCents])
  })
})

describe('self submission', () => {
  it('pays and stays in Forms ready for generation; generatePermitApplication then generates; not before paying', async () => {
    const unpaid = await readyPromotion(alice, { managedSubmission: false, randomDraw: true })
    const early = await alice.client.post('/api/promotion/generatePermitApplication', { id: unpaid })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(MSG_PAYMENT_DUE_BEFORE_GENERATION)

    const id = await readyPromotion(alice, { managedSubmission: false, randomDraw: true })
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status, paid.text).toBe(200)
    expect(paid.body.permitStatus.slug).toBe('ready-generate')
    expect(paid.body.invoice.lines.map((l: any) => l.description)).toEqual(['Random draw service'])
    // A repeated submit answers the same payment.
    const again = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(again.body.invoice.invoiceNumber).toBe(paid.body.invoice.invoiceNumber)
    expect((await paymentsOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)

    expect((await bob.client.post('/api/promotion/generatePermitApplication', { id })).status).toBe(404)
    const generated = await alice.client.post('/api/promotion/generatePermitApplication', { id })
    expect(generated.status).toBe(200)
    expect(generated.body.permitStatus.slug).toBe('generated')
    expect((await alice.client.post('/api/promotion/generatePermitApplication', { id })).status).toBe(409)
  })
})

describe('POST /api/promotion/submitAddendum', () => {
  it('lodges an addendum from an upload after submission, with a staff task; not before; another customer 404', async () => {
    const id = await readyPromotion(alice)
    const file = await upload(alice, 'entries.csv')
    const early = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'list-of-entries', fileName: file })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(MSG_ADDENDUM_NOT_AFTER_SUBMISSION)
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    // The list of entries follows the final draw (issue 25): the draw was yesterday.
    await setDrawDates(api.database.db, id, { finalDraw: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) })

    expect((await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'no-such-thing', fileName: file })).body.message).toBe(
      MSG_ADDENDUM_UNKNOWN,
    )
    expect((await bob.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'list-of-entries', fileName: file })).status).toBe(404)
    // Someone else's upload cannot be lodged.
    const bobs = await upload(bob, 'other.csv')
    expect((await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'list-of-entries', fileName: bobs })).status).toBe(400)

    const lodged = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'list-of-entries', fileName: file })
    expect(lodged.status, lodged.text).toBe(200)
    expect(lodged.body.attachment).toMatchObject({
      attachmentType: { code: 'X', isAddendum: true },
      exists: true,
      userFileName: 'entries.csv',
      submitDate: expect.any(String),
    })
    const promotion = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(promotion.attachments.find((a: any) => a.attachmentType.code === 'X')).toMatchObject({ userFileName: 'entries.csv' })
    const tasks = await rows(sql`select kind, note from app.staff_tasks where promotion_id = ${id}`)
    expect(tasks).toEqual([{ kind: 'addendum', note: expect.stringContaining('List of entries') }])
  })
})

/** The file names in a zip (its central directory). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'))
    offset += 46 + nameLength + extraLength + commentLength
  }
  return names
}

describe('GET /promotions/downloadpdfs/{id}', () => {
  it('zips the state forms and the attachments by code, once paid; owner and staff only', async () => {
    const id = await readyPromotion(alice)
    expect((await alice.client.get(`/promotions/downloadpdfs/${id}`)).status).toBe(402) // issue 22: 402 with what to pay
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect((await api.client().get(`/promotions/downloadpdfs/${id}`)).status).toBe(401)
    expect((await bob.client.get(`/promotions/downloadpdfs/${id}`)).status).toBe(404)
    const pack = await alice.client.get(`/promotions/downloadpdfs/${id}`)
    expect(pack.status).toBe(200)
    expect(pack.headers.get('content-type')).toBe('application/zip')
    expect(pack.headers.get('content-disposition')).toBe(`attachment; filename="lodgement-pack-${id}.zip"`)
    expect(zipEntries(pack.bytes)).toEqual([
      'NSW authority application.pdf',
      'ACT permit application.pdf',
      'attachments/B - Terms and conditions.pdf',
      'attachments/E - Proposed advertisement or notice.pdf',
    ])
    // Kept in storage: the same pack again, also for staff.
    const again = await staff.get(`/promotions/downloadpdfs/${id}`)
    expect(again.status).toBe(200)
    expect(again.bytes.equals(pack.bytes)).toBe(true)
  })
})

describe("staff: custom invoice (the staff console's createInvoice) and card charge", () => {
  it('creates a custom invoice the customer owes, refuses a second while it is unpaid, and charges a card with the 1.5% surcharge', async () => {
    const id = await readyPromotion(alice)
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect((await alice.client.post('/api/admin/createInvoice', { id, amount: 100, gst: 10 })).status).toBe(403)
    const created = await staff.post('/api/admin/createInvoice', { id, amount: 100, gst: 10, description: 'Extra draw' })
    expect(created.status, created.text).toBe(200)
    expect(created.body).toMatchObject({
      purpose: 'custom',
      amount: 100,
      gst: 10,
      total: 110,
      status: 'awaiting payment',
      lines: [{ description: 'Extra draw', amount: 100, taxable: true }],
    })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingCustomInvoice).toEqual({
      invoiceNumber: created.body.invoiceNumber,
      amount: 100,
      gst: 10,
      ccSurcharge: 1.65,
    })
    const second = await staff.post('/api/admin/createInvoice', { id, amount: 50, gst: 5 })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe(MSG_INVOICE_BLOCKED_AWAITING_PAYMENT)

    expect((await alice.client.post('/api/admin/chargeCard', { invoiceNumber: created.body.invoiceNumber, ...VISA })).status).toBe(403)
    const declined = await staff.post('/api/admin/chargeCard', { invoiceNumber: created.body.invoiceNumber, ...DECLINED })
    expect(declined.status).toBe(402)
    const charged = await staff.post('/api/admin/chargeCard', { invoiceNumber: created.body.invoiceNumber, ...VISA, isReattempt: true })
    expect(charged.status, charged.text).toBe(200)
    expect(charged.body.invoice).toMatchObject({ status: 'paid', method: 'card', ccSurcharge: 1.65, total: 111.65 })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body).toMatchObject({ pendingCustomInvoice: null, permitStatus: { slug: 'submitted' } })
    expect((await staff.post('/api/admin/chargeCard', { invoiceNumber: created.body.invoiceNumber, ...VISA })).status).toBe(409)
  })

  it('refuses a custom invoice while the T&Cs await approval', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    const refused = await staff.post('/api/admin/createInvoice', { id, amount: 100, gst: 10 })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MSG_INVOICE_BLOCKED_TC_APPROVAL)
  })
})
