/**
 * 3-D Secure in the sandbox gateway (issue 12): 4000 0027 6000 3184 behaves as Stripe's
 * authentication card. The submit answers `requiresAction` (a PaymentIntent id and client
 * secret), the payment page's challenge is completed or failed through
 * POST /api/payments/sandboxChallenge, and the submit with the PaymentIntent id then pays and
 * submits, or leaves the application unpaid with the authentication message. Never two charges.
 */
import { MSG_CARD_AUTHENTICATION_FAILED, MSG_CARD_AUTHENTICATION_REQUIRED } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'
import { readyPromotion, VISA, NEEDS_AUTHENTICATION } from '../factories/payments'

let api: TestApi
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

const rows = async (query: ReturnType<typeof sql>) => (await api.database.db.execute(query)).rows as any[]
const paymentsOf = (id: number) => rows(sql`select status, brand, last4, message, is_reattempt from app.payments where promotion_id = ${id} order by id`)
const invoicesOf = (id: number) =>
  rows(sql`select invoice_number, paid_at, cancelled_at, cc_surcharge from app.invoices where promotion_id = ${id} order by id`)
const statusOf = async (id: number) => (await alice.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.slug

describe('3-D Secure in the sandbox gateway', () => {
  it('needs action: the answer carries the PaymentIntent id and client secret; nothing is paid yet', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    expect(first.status, first.text).toBe(200)
    expect(first.body.requiresAction).toEqual({
      paymentIntentId: expect.stringMatching(/^sandbox_pi_/),
      clientSecret: expect.stringMatching(/^sandbox_pi_.+_secret_/),
    })
    expect(first.body.permitStatus.slug).toBe('ready-submission')
    expect(first.body.invoice.status).toBe('awaiting payment')
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ status: 'requires_action', brand: 'visa', last4: '3184', message: MSG_CARD_AUTHENTICATION_REQUIRED }),
    ])
    // Submitting again with the PaymentIntent before the challenge is answered: still needs action, no charge.
    const early = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId: first.body.requiresAction.paymentIntentId })
    expect(early.status).toBe(200)
    expect(early.body.requiresAction.paymentIntentId).toBe(first.body.requiresAction.paymentIntentId)
    expect((await invoicesOf(id))[0].paid_at).toBeNull()
  })

  it('completing the challenge pays once and submits; repeating it or the submit charges nothing more', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    const { clientSecret, paymentIntentId } = first.body.requiresAction
    // Another customer, even holding the secret, gets 404 and cannot decide it.
    expect((await bob.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).status).toBe(404)
    const challenge = await alice.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'complete' })
    expect(challenge.status, challenge.text).toBe(200)
    expect(challenge.body).toEqual({ id, paymentIntentId, status: 'succeeded' })
    // Bob cannot use the PaymentIntent on Alice's promotion either.
    expect((await bob.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId })).status).toBe(404)

    const [done, again] = await Promise.all([
      alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId }),
      alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId }),
    ])
    // Issue 22: the second is refused (409) while the first one's answer is recorded; sent again, it answers the payment made.
    const [doneFirst, other] = done.status === 200 ? [done, again] : [again, done]
    expect(doneFirst.status).toBe(200)
    // Overlapping: 409 while the first is answered; after it: the payment made again.
    expect([200, 409]).toContain(other.status)
    const repeated = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId })
    expect(repeated.status).toBe(200)
    expect(doneFirst.body.permitStatus.slug).toBe('submitted')
    expect(repeated.body.invoice.invoiceNumber).toBe(doneFirst.body.invoice.invoiceNumber)
    expect(doneFirst.body.invoice).toMatchObject({ status: 'paid', method: 'card' })
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded'])
    const invoices = await invoicesOf(id)
    expect(invoices).toHaveLength(1)
    expect(Number(invoices[0].cc_surcharge)).toBeGreaterThan(0)
    // A late second answer to the challenge does not change what was decided.
    expect((await alice.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).body.status).toBe('succeeded')
    expect(await statusOf(id)).toBe('submitted')
  })

  it('failing the challenge leaves it unpaid with the authentication message; the reattempt with another card charges once', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    const { clientSecret, paymentIntentId } = first.body.requiresAction
    expect((await alice.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).body.status).toBe('failed')
    const failed = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId })
    expect(failed.status).toBe(402)
    expect(failed.body.message).toBe(MSG_CARD_AUTHENTICATION_FAILED)
    expect(await statusOf(id)).toBe('ready-submission')
    // Issue 22: a failed charge cancels the invoice it reserved (number kept); the reattempt gets a new one.
    const [reserved] = await invoicesOf(id)
    expect([reserved.paid_at, reserved.cancelled_at !== null]).toEqual([null, true])

    const retry = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA, isReattempt: true })
    expect(retry.status, retry.text).toBe(200)
    expect(retry.body.permitStatus.slug).toBe('submitted')
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ status: 'failed', message: MSG_CARD_AUTHENTICATION_FAILED }),
      expect.objectContaining({ status: 'succeeded', last4: '4242', is_reattempt: true }),
    ])
    expect((await invoicesOf(id)).map((i) => i.cancelled_at !== null)).toEqual([true, false])
  })

  it('an unknown client secret, or a challenge answer that is not complete/fail, is refused', async () => {
    expect((await alice.client.post('/api/payments/sandboxChallenge', { clientSecret: 'sandbox_pi_nope_secret_x', outcome: 'complete' })).status).toBe(404)
    const bad = await alice.client.post('/api/payments/sandboxChallenge', { clientSecret: 'x', outcome: 'maybe' })
    expect(bad.status).toBe(400)
    expect(bad.body.modelState.outcome).toBeDefined()
  })
})
