/**
 * The Stripe gateway (issue 12) through the real `stripe` SDK pointed at a local fake of Stripe's
 * HTTP API (tests/fakes/stripe-fake.ts): PaymentIntents create/confirm/retrieve, idempotency
 * keys, card errors and signed webhooks.
 */
import { MSG_CARD_MAY_HAVE_BEEN_CHARGED, MSG_RAW_CARD_REFUSED } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake'
import { createCustomer, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'
import { waitForMail } from '../setup/accounts'
import { readyPromotion } from '../factories/payments'

const WEBHOOK_SECRET = 'whsec_test_fake_secret'
let api: TestApi
let stripe: StripeFake
let alice: Customer
let bob: Customer
beforeAll(async () => {
  stripe = await startStripeFake({ webhookUrl: () => `${api.baseUrl}/api/payments/stripeWebhook`, webhookSecret: WEBHOOK_SECRET })
  api = await startTestApi(
    {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
    { deliverEvents: true },
  )
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
  await stripe?.close()
})

const statusOf = async (id: number) => (await alice.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.slug
const paymentsOf = async (id: number) =>
  (await api.database.db.execute(sql`select status, brand, last4, gateway, gateway_ref from app.payments where promotion_id = ${id} order by id`)).rows as any[]

describe('Stripe gateway', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    const config = await alice.client.get('/api/payments/config')
    expect(config.body).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_fake', billerCode: '123456', testMode: false })
  })

  it('refuses raw card fields with a clear 400 when Stripe is configured', async () => {
    const id = await readyPromotion(alice)
    const response = await alice.client.post('/api/promotion/submitPermitApplication', {
      id,
      cardName: 'Pat',
      cardNumber: '4242424242424242',
      cardExpiry: '12/35',
      cardSecurityCode: '123',
    })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_RAW_CARD_REFUSED)
    expect(stripe.created()).toBe(0)
  })

  it('pays with a PaymentMethod id: one PaymentIntent for the invoice total, brand and last4 kept', async () => {
    const id = await readyPromotion(alice)
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa' })
    expect(response.status, response.text).toBe(200)
    expect(response.body.permitStatus.slug).toBe('submitted')
    expect(response.body.card).toEqual({ brand: 'visa', last4: '4242' })
    const [payment] = await paymentsOf(id)
    expect(payment).toMatchObject({ status: 'succeeded', gateway: 'stripe', brand: 'visa', last4: '4242' })
    const intent = stripe.intents.get(payment.gateway_ref)!
    expect(intent.amount).toBe(Math.round(response.body.invoice.total * 100))
    expect(intent.currency).toBe('aud')
    // Issue 22: a Stripe invoice is real: the gapless series, no TEST MODE.
    expect(response.body.invoice.testMode).toBe(false)
    expect(response.body.invoice.invoiceNumber).toBeLessThan(900_000_001)
    expect(intent.metadata).toEqual({ invoiceNumber: String(response.body.invoice.invoiceNumber), promotionId: String(id) })
  })

  it("a decline answers Stripe's message; the reattempt is a new PaymentIntent", async () => {
    const id = await readyPromotion(alice)
    const declined = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_chargeDeclined' })
    expect(declined.status).toBe(402)
    expect(declined.body.message).toBe('Your card was declined.')
    const retry = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa', isReattempt: true })
    expect(retry.status).toBe(200)
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed', 'succeeded'])
  })

  it('3-D Secure: requires_action with the client secret, completed in the browser, then confirmed by the PaymentIntent id', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_authenticationRequired' })
    expect(first.status).toBe(200)
    expect(first.body.requiresAction).toMatchObject({ clientSecret: expect.stringContaining('_secret_'), paymentIntentId: expect.stringMatching(/^pi_/) })
    expect(first.body.permitStatus.slug).toBe('ready-submission')
    // Another customer cannot use it.
    expect((await bob.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId: first.body.requiresAction.paymentIntentId })).status).toBe(
      404,
    )
    stripe.completeAuthentication(first.body.requiresAction.paymentIntentId)
    const done = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId: first.body.requiresAction.paymentIntentId })
    expect(done.status, done.text).toBe(200)
    expect(done.body.permitStatus.slug).toBe('submitted')
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded'])
    // The webhook for it afterwards changes nothing.
    const late = await stripe.sendWebhook('payment_intent.succeeded', first.body.requiresAction.paymentIntentId)
    expect(late.body.outcome).toBe('already-paid')
  })

  it("3-D Secure failed in the browser: the payment stays unpaid with Stripe's message; a reattempt charges once", async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_authenticationRequired' })
    const intentId = first.body.requiresAction.paymentIntentId
    stripe.failAuthentication(intentId)
    const failed = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentIntentId: intentId })
    expect(failed.status).toBe(402)
    expect(failed.body.message).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.')
    expect(await statusOf(id)).toBe('ready-submission')
    const invoice = (await alice.client.get(`/api/invoice/getInvoices?promotionId=${id}`)).body.invoices[0]
    expect(invoice.status).not.toBe('paid')
    const retry = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa', isReattempt: true })
    expect(retry.status, retry.text).toBe(200)
    expect(retry.body.permitStatus.slug).toBe('submitted')
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed', 'succeeded'])
  })

  it('/api/openapi.json documents the webhook (raw body, Stripe-Signature header) and its answer matches the document', async () => {
    const document = (await api.client().get('/api/openapi.json')).body
    const operation = document.paths['/api/payments/stripeWebhook'].post
    expect(operation['x-access']).toBe('public')
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Stripe-Signature', in: 'header', required: true }))
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['id', 'type', 'data']))
    const documented = operation.responses['200'].content['application/json'].schema
    expect(documented.properties.outcome.enum).toContain('completed')
    // The served answer has the documented shape (the declared route's own schema).
    const spec = api.routes.find((r) => r.path === '/payments/stripeWebhook')!
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_authenticationRequired' })
    stripe.completeAuthentication(first.body.requiresAction.paymentIntentId)
    const event = await stripe.sendWebhook('payment_intent.succeeded', first.body.requiresAction.paymentIntentId)
    expect(spec.response!.safeParse(event.body).success).toBe(true)
    expect(event.body.outcome).toBe('completed')
  })

  it('a signed webhook completes a payment the browser never came back from; a replay does nothing; a bad signature is 400', async () => {
    const id = await readyPromotion(alice)
    const first = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_authenticationRequired' })
    const intentId = first.body.requiresAction.paymentIntentId
    stripe.completeAuthentication(intentId)

    const forged = await stripe.sendWebhook('payment_intent.succeeded', intentId, { secret: 'whsec_wrong' })
    expect(forged.status).toBe(400)
    expect(await statusOf(id)).toBe('ready-submission')

    const event = await stripe.sendWebhook('payment_intent.succeeded', intentId)
    expect(event.status).toBe(200)
    expect(event.body.outcome).toBe('completed')
    expect(await statusOf(id)).toBe('submitted')
    const invoice = (await alice.client.get(`/api/invoice/getInvoices?promotionId=${id}`)).body.invoices[0]
    expect(invoice).toMatchObject({ status: 'paid', method: 'card' })

    const replay = await stripe.sendWebhook('payment_intent.succeeded', intentId, { eventId: event.eventId })
    expect(replay.status).toBe(200)
    expect(replay.body.outcome).toBe('replay')
    expect((await paymentsOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
    const changes = (await api.database.db.execute(sql`select count(*)::int as n from app.changelog where promotion_id = ${id} and action = 'stripeWebhook'`))
      .rows[0] as any
    expect(changes.n).toBe(1)
    // Issue 31: the customer who closed the tab gets the receipt, once (the replay published nothing).
    await waitForMail(alice.email, new RegExp(`^Payment received: tax invoice ${invoice.invoiceNumber}$`), {
      dataDirs: [api.config.DATA_DIR],
      timeoutMs: 30_000,
    })
    const paid = (
      await api.database.db.execute(
        sql`select count(*)::int as n from app.outbox_events where type = 'promotion.paid' and (payload->>'promotionId')::int = ${id}`,
      )
    ).rows[0] as any
    expect(paid.n).toBe(1)
  })

  it('two parallel submits create one PaymentIntent and one invoice', async () => {
    const id = await readyPromotion(alice)
    const before = stripe.created()
    const [a, b] = await Promise.all([
      alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa' }),
      alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa' }),
    ])
    // Issue 22: overlapping, the second is refused (409) while the first is answered; after it, the payment made.
    expect([a.status, b.status]).toContain(200)
    expect([
      [200, 200],
      [200, 409],
      [409, 200],
    ]).toContainEqual([a.status, b.status])
    expect(stripe.created() - before).toBe(1)
    const invoices = (await api.database.db.execute(sql`select count(*)::int as n from app.invoices where promotion_id = ${id}`)).rows[0] as any
    expect(invoices.n).toBe(1)
  })

  // Issue 22: Stripe idempotency keys per payment attempt, not per invoice number.
  it('each attempt has its own key: a decline then a new card are two keys; the new attempt pays a new invoice', async () => {
    const id = await readyPromotion(alice)
    const before = stripe.createKeys().length
    const declined = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_chargeDeclined' })
    expect(declined.status).toBe(402)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa', isReattempt: true })
    expect(paid.status, paid.text).toBe(200)
    const keys = stripe.createKeys().slice(before)
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
    const stored = (await api.database.db.execute(sql`select idempotency_key, status from app.payments where promotion_id = ${id} order by id`)).rows as any[]
    expect(stored.map((p) => [p.idempotency_key, p.status])).toEqual([
      [keys[0], 'failed'],
      [keys[1], 'succeeded'],
    ])
    // Never derived from the invoice number (a reissued number must not collide with an old key).
    for (const key of keys) expect(key).not.toContain(String(paid.body.invoice.invoiceNumber))
    const invoices = (await api.database.db.execute(sql`select invoice_number, cancelled_at from app.invoices where promotion_id = ${id} order by id`))
      .rows as any[]
    expect(invoices.map((i) => i.cancelled_at !== null)).toEqual([true, false])
  })

  it('an answer lost on the way back: the SDK retries with the same key, and so does the next request; one PaymentIntent', async () => {
    const id = await readyPromotion(alice)
    const created = stripe.created()
    const before = stripe.createKeys().length
    // Lost once: the SDK's own retry (same key) gets the answer Stripe kept.
    stripe.loseAnswers(1)
    const once = await alice.client.post('/api/promotion/submitPermitApplication', { id, paymentMethodId: 'pm_card_visa' })
    expect(once.status, once.text).toBe(200)
    const keys = stripe.createKeys().slice(before)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(stripe.created() - created).toBe(1)

    // Lost every time the SDK tries: the outcome is unknown, the attempt is kept, nothing is paid yet.
    const other = await readyPromotion(alice)
    const mark = stripe.createKeys().length
    stripe.loseAnswers(10)
    const unknown = await alice.client.post('/api/promotion/submitPermitApplication', { id: other, paymentMethodId: 'pm_card_visa' })
    stripe.loseAnswers(0)
    expect(unknown.status).toBe(402)
    expect(unknown.body.message).toBe(MSG_CARD_MAY_HAVE_BEEN_CHARGED)
    const lost = stripe.createKeys().slice(mark)
    expect(new Set(lost).size).toBe(1)
    expect((await paymentsOf(other)).map((p) => p.status)).toEqual(['unknown'])
    // The customer submits again (Elements made a new PaymentMethod): the same attempt is resent with its key and first parameters.
    const again = await alice.client.post('/api/promotion/submitPermitApplication', { id: other, paymentMethodId: 'pm_card_visa_again' })
    expect(again.status, again.text).toBe(200)
    expect(again.body.permitStatus.slug).toBe('submitted')
    expect(stripe.createKeys().at(-1)).toBe(lost[0])
    expect(stripe.created() - created).toBe(2)
    expect((await paymentsOf(other)).map((p) => p.status)).toEqual(['succeeded'])
  })
})
