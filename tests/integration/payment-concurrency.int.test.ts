/**
 * Issue 22: the card is charged with no transaction open (card-attempt.ts). Many customers paying
 * at once all pay, with gapless invoice numbers; several pay requests racing on one promotion
 * charge the card once (checked at the sandbox gateway's own record of charges); an attempt whose
 * process died after the gateway charged is resent with its key and charges nothing more.
 */
import { MSG_PAYMENT_IN_PROGRESS, PERMIT_STATUS_IDS as S } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readyPromotion, VISA } from '../factories/payments'
import { createCustomer, promotionInput, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let customers: Customer[]
beforeAll(async () => {
  api = await startTestApi()
  customers = await Promise.all([createCustomer(api), createCustomer(api), createCustomer(api)])
})
afterAll(async () => api?.close())

const rows = async (query: ReturnType<typeof sql>) => (await api.database.db.execute(query)).rows as any[]
const paymentsOf = (id: number) => rows(sql`select id, status, idempotency_key from app.payments where promotion_id = ${id} order by id`)
/** The charges the sandbox gateway itself recorded for the promotion's attempts (one row per key it was sent). */
const gatewayChargesOf = (id: number) =>
  rows(
    sql`select c.idempotency_key, c.answer->>'status' as status from app.sandbox_charges c where c.idempotency_key in (select idempotency_key from app.payments where promotion_id = ${id})`,
  )

describe('concurrent payers', () => {
  it('twelve promotions of three customers paid at once: every one paid once, invoice numbers without gaps', async () => {
    const ids: { customer: Customer; id: number }[] = []
    for (let i = 0; i < 12; i++) {
      const customer = customers[i % customers.length]!
      ids.push({ customer, id: await readyPromotion(customer) })
    }
    const answers = await Promise.all(ids.map(({ customer, id }) => customer.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })))
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200))
    const numbers = answers.map((a) => a.body.invoice.invoiceNumber as number).sort((a, b) => a - b)
    expect(numbers.map((n, i) => n - numbers[0]!)).toEqual(numbers.map((_, i) => i))
    for (const { id } of ids) {
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded'])
      expect(await gatewayChargesOf(id)).toEqual([expect.objectContaining({ status: 'succeeded' })])
    }
  })

  it('six pay requests racing on one promotion: one charge at the gateway, one invoice; the others 409 or the payment made', async () => {
    const [alice] = customers
    const id = await readyPromotion(alice!)
    const answers = await Promise.all(Array.from({ length: 6 }, () => alice!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })))
    const paid = answers.filter((a) => a.status === 200)
    expect(paid.length).toBeGreaterThanOrEqual(1)
    expect(new Set(paid.map((a) => a.body.invoice.invoiceNumber)).size).toBe(1)
    for (const refused of answers.filter((a) => a.status !== 200)) expect([refused.status, refused.body.message]).toEqual([409, MSG_PAYMENT_IN_PROGRESS])
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded'])
    expect(await gatewayChargesOf(id)).toHaveLength(1)
    expect(await rows(sql`select invoice_number from app.invoices where promotion_id = ${id}`)).toHaveLength(1)
  })

  it('an attempt left pending by a process that died after the gateway charged: 409 within the lease, then resent with its key, charging nothing more', async () => {
    const [alice] = customers
    const id = await readyPromotion(alice!)
    const first = await alice!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(first.status).toBe(200)
    // As if the process died between the gateway's answer and recording it: the attempt pending, nothing recorded.
    const [payment] = await paymentsOf(id)
    await api.database.db.execute(sql`update app.payments set status = 'pending', gateway_ref = null, sent_at = now() where id = ${payment.id}`)
    await api.database.db.execute(sql`update app.invoices set paid_at = null, cc_surcharge = 0, method = null where promotion_id = ${id}`)
    await api.database.db.execute(sql`update app.promotions set status_id = ${S.readySubmission} where id = ${id}`)

    const inFlight = await alice!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect([inFlight.status, inFlight.body.message]).toEqual([409, MSG_PAYMENT_IN_PROGRESS])
    // A change of fees meanwhile cannot cancel the invoice the pending charge is for (the money may be taken).
    const modified = await alice!.client.post('/api/promotion/modify', { id, ...promotionInput({ totalPrizeValue: 60_000 }) })
    expect(modified.status, modified.text).toBe(200)
    expect((await rows(sql`select cancelled_at from app.invoices where promotion_id = ${id}`))[0].cancelled_at).toBeNull()
    // Nor can staff cancel it meanwhile.
    const staff = api.client()
    await signInStaff(staff, api)
    const cancel = await staff.post('/api/invoice/cancel', { invoiceNumber: first.body.invoice.invoiceNumber })
    expect([cancel.status, cancel.body.message]).toEqual([409, MSG_PAYMENT_IN_PROGRESS])

    await api.database.db.execute(sql`update app.payments set sent_at = now() - interval '10 minutes' where id = ${payment.id}`)
    const resent = await alice!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isReattempt: true })
    expect(resent.status, resent.text).toBe(200)
    expect(resent.body.invoice).toMatchObject({ invoiceNumber: first.body.invoice.invoiceNumber, status: 'paid' })
    const payments = await paymentsOf(id)
    expect(payments.map((p) => [p.status, p.idempotency_key])).toEqual([['succeeded', payment.idempotency_key]])
    expect(await gatewayChargesOf(id)).toHaveLength(1)
  })

  it('an attempt whose process is gone (its connection no longer in PostgreSQL) is resent at once, not after the lease', async () => {
    const [, bob] = customers
    const id = await readyPromotion(bob!)
    const first = await bob!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(first.status).toBe(200)
    const [payment] = await paymentsOf(id)
    // Sent a moment ago by this process: in flight.
    const live = (
      await rows(
        sql`select pid::text || ':' || (extract(epoch from backend_start) * 1000000)::bigint::text as id from pg_stat_activity where pid = pg_backend_pid()`,
      )
    )[0].id
    await api.database.db.execute(
      sql`update app.payments set status = 'pending', gateway_ref = null, sent_at = now(), claimed_by = ${live} where id = ${payment.id}`,
    )
    await api.database.db.execute(sql`update app.invoices set paid_at = null, cc_surcharge = 0, method = null where promotion_id = ${id}`)
    await api.database.db.execute(sql`update app.promotions set status_id = ${S.readySubmission} where id = ${id}`)
    const inFlight = await bob!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect([inFlight.status, inFlight.body.message]).toEqual([409, MSG_PAYMENT_IN_PROGRESS])
    // Sent by a process that died (kill -9): its connection is gone, so the attempt is resent with its key now.
    await api.database.db.execute(sql`update app.payments set claimed_by = '1:1' where id = ${payment.id}`)
    const resent = await bob!.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isReattempt: true })
    expect(resent.status, resent.text).toBe(200)
    expect((await paymentsOf(id)).map((p) => [p.status, p.idempotency_key])).toEqual([['succeeded', payment.idempotency_key]])
    expect(await gatewayChargesOf(id)).toHaveLength(1)
  })
})
