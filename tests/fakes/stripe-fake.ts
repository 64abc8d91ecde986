/**
 * A small fake of Stripe's HTTP API for tests: the real `stripe` SDK is pointed at it (host,
 * port, protocol). It speaks what the gateway uses: PaymentIntents create (with confirm),
 * retrieve and confirm, the `Idempotency-Key` header (a repeated key answers the first answer),
 * card errors in Stripe's shape, and signed webhooks posted to the app.
 *
 * Test payment methods (as Stripe's): `pm_card_visa` succeeds, `pm_card_chargeDeclined` is
 * declined, `pm_card_authenticationRequired` needs 3-D Secure (confirm completes it).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

type Intent = Record<string, any>

/** Stripe's form encoding (`metadata[a]=1`, `expand[0]=x`) to an object. */
function parseForm(body: string): Record<string, any> {
  const out: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[')
    let target = out
    for (let i = 0; i < parts.length - 1; i++) target = target[parts[i]!] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}
    const last = parts.at(-1)!
    if (Array.isArray(target)) target[Number(last)] = value
    else target[last] = value
  }
  return out
}

const CARDS: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'decline' | 'authenticate' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
}

export type StripeFake = {
  url: string
  /** PaymentIntents created (each a charge attempt at "Stripe"). */
  intents: Map<string, Intent>
  /** How many create calls actually made a new PaymentIntent (replayed idempotency keys do not). */
  created: () => number
  /** Issue 22: the Idempotency-Key of every create call received, in order (SDK retries and replays included). */
  createKeys: () => string[]
  /** Issue 22: the next `n` create calls are carried out but their answers lost (the connection is cut), as a network failure after Stripe acted. */
  loseAnswers: (n: number) => void
  /** What Stripe.js does in the browser after 3-D Secure: completes the intent. */
  completeAuthentication: (id: string) => void
  /** What Stripe does when the customer fails 3-D Secure: the intent needs a new payment method, with the error. */
  failAuthentication: (id: string) => void
  /** Posts a signed event about an intent to the app's webhook; answers the app's status. */
  sendWebhook: (type: string, intentId: string, options?: { eventId?: string; secret?: string }) => Promise<{ status: number; body: any; eventId: string }>
  close: () => Promise<void>
}

export async function startStripeFake({ webhookUrl, webhookSecret }: { webhookUrl: () => string; webhookSecret: string }): Promise<StripeFake> {
  const intents = new Map<string, Intent>()
  const byKey = new Map<string, { status: number; body: unknown; request: string }>()
  let createdCount = 0
  const createKeys: string[] = []
  let answersToLose = 0
  const view = (intent: Intent, expand: string[]) => {
    const { _card, ...rest } = intent
    return expand.includes('payment_method')
      ? { ...rest, payment_method: { id: rest.payment_method, object: 'payment_method', card: { brand: _card.brand, last4: _card.last4 } } }
      : rest
  }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake')
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` })
        res.end(JSON.stringify(payload))
      }
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body)
      const expand: string[] = Object.values(params.expand ?? {})
      const key = req.headers['idempotency-key'] as string | undefined
      const isCreate = req.method === 'POST' && url.pathname === '/v1/payment_intents'
      if (isCreate) createKeys.push(key ?? '')
      // A lost answer: what was done stays done (and remembered under its key); the client hears nothing.
      const answer = (status: number, payload: unknown) => {
        if (isCreate && answersToLose > 0) {
          answersToLose--
          return req.socket.destroy()
        }
        send(status, payload)
      }
      if (req.method === 'POST' && key && byKey.has(`${url.pathname}:${key}`)) {
        const first = byKey.get(`${url.pathname}:${key}`)!
        // As Stripe: a key reused with other parameters is refused, not replayed.
        if (first.request !== body)
          return send(400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          })
        return answer(first.status, first.body)
      }
      const remember = (status: number, payload: unknown) => {
        if (req.method === 'POST' && key) byKey.set(`${url.pathname}:${key}`, { status, body: payload, request: body })
        answer(status, payload)
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const card = CARDS[params.payment_method]
        if (!card)
          return remember(400, {
            error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${params.payment_method}'`, param: 'payment_method' },
          })
        createdCount++
        const id = `pi_${crypto.randomBytes(8).toString('hex')}`
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: params.currency,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          payment_method: params.payment_method,
          client_secret: `${id}_secret_${crypto.randomBytes(6).toString('hex')}`,
          status: 'requires_confirmation',
          last_payment_error: null,
          _card: card,
        }
        intents.set(id, intent)
        if (params.confirm === 'true') {
          if (card.outcome === 'decline') {
            intent.status = 'requires_payment_method'
            intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
            return remember(402, { error: { ...intent.last_payment_error, payment_intent: view(intent, []) } })
          }
          intent.status = card.outcome === 'authenticate' ? 'requires_action' : 'succeeded'
          if (intent.status === 'requires_action') intent.next_action = { type: 'use_stripe_sdk' }
        }
        return remember(200, view(intent, expand))
      }
      const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(url.pathname)
      const intent = match ? intents.get(match[1]!) : undefined
      if (match && !intent) return send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${match[1]}'` } })
      if (intent && req.method === 'GET' && !match![2]) return send(200, view(intent, expand))
      if (intent && req.method === 'POST' && match![2]) {
        if (intent.status === 'requires_action') intent.status = 'succeeded'
        return remember(200, view(intent, expand))
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } })
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const signer = new Stripe('sk_test_fake_signer')
  return {
    url,
    intents,
    created: () => createdCount,
    createKeys: () => [...createKeys],
    loseAnswers: (n) => void (answersToLose = n),
    completeAuthentication(id) {
      const intent = intents.get(id)
      if (intent?.status === 'requires_action') intent.status = 'succeeded'
    },
    failAuthentication(id) {
      const intent = intents.get(id)
      if (intent?.status !== 'requires_action') return
      intent.status = 'requires_payment_method'
      delete intent.next_action
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      }
    },
    async sendWebhook(type, intentId, options = {}) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`no intent ${intentId}`)
      const eventId = options.eventId ?? `evt_${crypto.randomBytes(8).toString('hex')}`
      const payload = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: view(intent, []) } })
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret })
      const response = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload })
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : undefined, eventId }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
