/**
 * The sandbox gateway's 3-D Secure challenge on TWO API instances over one PostgreSQL (issue 12,
 * round three), as two processes behind a load balancer: each instance has its own pool and its
 * own SandboxGateway, and they share nothing but the database. A challenge created through one
 * is answered and paid through the other; a decided challenge stays decided on both; a repeated
 * idempotency key answers the first answer whichever instance it reaches.
 */
import { MSG_CARD_AUTHENTICATION_FAILED, MSG_PAYMENT_IN_PROGRESS } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxGateway } from '../../api/src/modules/payments/payment-gateway'
import { createCustomer, type Customer } from '../factories/promotions'
import { Client, startTestApi, type TestApi } from '../setup/test-api'
import { startSecondInstance, type SecondInstance } from '../setup/second-instance'
import { readyPromotion, NEEDS_AUTHENTICATION } from '../factories/payments'

let one: TestApi
let two: SecondInstance
let alice: Customer
let bob: Customer

beforeAll(async () => {
  one = await startTestApi()
  two = await startSecondInstance(one)
  alice = await createCustomer(one)
  bob = await createCustomer(one)
})
afterAll(async () => {
  await two?.close()
  await one?.close()
})

/** The same customer (their session cookie) talking to instance two. */
function onTwo(customer: Customer) {
  const cookie = `pd_session=${customer.client.cookie('pd_session')}`
  return { post: (path: string, body: unknown = {}) => new Client(two.baseUrl).request('POST', path, body, { cookie }) }
}

const rows = async (query: ReturnType<typeof sql>) => (await one.database.db.execute(query)).rows as any[]
const paymentsOf = (id: number) => rows(sql`select status from app.payments where promotion_id = ${id} order by id`)
const invoicesOf = (id: number) => rows(sql`select paid_at from app.invoices where promotion_id = ${id} order by id`)

describe('the sandbox 3-D Secure challenge across two instances', () => {
  it('a challenge created through instance one is completed through instance two, and the submit on either pays once', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    expect(first.status, first.text).toBe(200)
    const { clientSecret, paymentIntentId } = first.body.requiresAction
    // Another customer on instance two: 404, as on instance one.
    expect((await onTwo(bob).post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).status).toBe(404)
    const challenge = await onTwo(alice).post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'complete' })
    expect(challenge.status, challenge.text).toBe(200)
    expect(challenge.body).toEqual({ id, paymentIntentId, status: 'succeeded' })

    // The submit with the PaymentIntent reaches instance one, which created it, and instance two at once.
    const [done, again] = await Promise.all([
      alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId }),
      onTwo(alice).post('/api/promotion/submitPermitApplication', { id, paymentIntentId }),
    ])
    // One completes the payment; the other is the same payment's second request: answered as done, or
    // refused while the first is still being recorded (issue 22: one attempt at a time), never charged twice.
    const answers = [done, again]
    const paid = answers.filter((a) => a.status === 200)
    expect(paid.length, `${done.text} ${again.text}`).toBeGreaterThanOrEqual(1)
    for (const other of answers.filter((a) => a.status !== 200)) expect(other.body).toMatchObject({ code: 'CONFLICT', message: MSG_PAYMENT_IN_PROGRESS })
    expect(paid[0]!.body.permitStatus.slug).toBe('submitted')
    for (const a of paid) expect(a.body.invoice.invoiceNumber).toBe(paid[0]!.body.invoice.invoiceNumber)
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded'])
    expect(await invoicesOf(id)).toHaveLength(1)
    // A late "fail" on instance one does not undo what instance two decided.
    expect((await alice.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).body.status).toBe('succeeded')
  })

  it('a challenge failed through instance two fails the submit on instance one with the authentication message', async () => {
    const id = await readyPromotion(alice)
    const first = await onTwo(alice).post('/api/promotion/submitPermitApplication', { id, ...NEEDS_AUTHENTICATION })
    expect(first.status, first.text).toBe(200)
    const { clientSecret, paymentIntentId } = first.body.requiresAction
    expect((await alice.client.post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'fail' })).body.status).toBe('failed')
    // A "complete" after the "fail", on the other instance, changes nothing.
    expect((await onTwo(alice).post('/api/payments/sandboxChallenge', { clientSecret, outcome: 'complete' })).body.status).toBe('failed')
    const failed = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId })
    expect(failed.status).toBe(402)
    expect(failed.body.message).toBe(MSG_CARD_AUTHENTICATION_FAILED)
    expect((await invoicesOf(id))[0].paid_at).toBeNull()
  })

  it('two gateways over one database answer a repeated idempotency key with the first answer', async () => {
    const gatewayOne = new SandboxGateway(one.database.db)
    const gatewayTwo = new SandboxGateway(two.database.db)
    const request = {
      amount: 12345,
      idempotencyKey: `gaps-test-${Date.now()}`,
      description: 'test',
      metadata: { invoiceNumber: 1, promotionId: 1 },
      card: { name: 'Pat', number: '4000 0027 6000 3184', cvc: '123', expiry: '12/35' },
    }
    const now = new Date()
    const [a, b] = await Promise.all([gatewayOne.charge(request, now), gatewayTwo.charge(request, now)])
    expect(a.status).toBe('requires_action')
    expect(b).toEqual(a)
    // Exactly one PaymentIntent was kept for the key, and it is the one both answered.
    expect(await rows(sql`select id from app.sandbox_intents where amount = 12345`)).toEqual([{ id: a.ref }])
  })
})
