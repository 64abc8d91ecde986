/**
 * The card payment gateway behind one interface (DESIGN.md §5). The built-in sandbox takes raw
 * card fields and answers like the common test gateways; a Stripe gateway (PaymentIntents, card
 * data only in the browser) would implement the same interface.
 */
import crypto from 'node:crypto'
import {
  cardBrand,
  cardLast4,
  checkCard,
  cardDigits,
  MSG_CARD_AUTHENTICATION_FAILED,
  MSG_CARD_AUTHENTICATION_REQUIRED,
  MSG_CARD_DECLINED,
  MSG_PAYMENT_NOT_FOR_INVOICE,
  type CardDetails,
} from '@permitdesk/shared'
import { createStripeClient, StripeGateway } from './stripe-gateway'

export type ChargeRequest = {
  /** Integer cents, Australian dollars. */
  amount: number
  /** Sent to the gateway: the same key never charges twice. */
  idempotencyKey: string
  description: string
  /** What the charge pays (kept with it at the gateway, checked when a PaymentIntent comes back). */
  metadata: { invoiceNumber: number; promotionId: number }
  /** Raw card fields (sandbox only). */
  card?: CardDetails
  /** Stripe: a PaymentMethod id from Stripe Elements, or a PaymentIntent id after 3-D Secure. */
  paymentMethodId?: string
  paymentIntentId?: string
}

export type ChargeResult =
  | { status: 'succeeded'; ref: string; brand: string | null; last4: string | null }
  | { status: 'failed'; ref: string | null; message: string; brand: string | null; last4: string | null }
  | { status: 'requires_action'; ref: string; clientSecret: string | null; message: string; brand: string | null; last4: string | null }

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe'
  /** Whether the server may receive raw card fields (never with Stripe). */
  readonly acceptsRawCards: boolean
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>
  /**
   * The sandbox's 3-D Secure challenge (what the card issuer's page does with Stripe): the
   * browser, holding the client secret, completes or fails it. Null for an unknown secret.
   */
  completeChallenge?(clientSecret: string, outcome: ChallengeOutcome): { paymentIntentId: string; status: 'succeeded' | 'failed' } | null
  /** The PaymentIntent id a client secret belongs to (sandbox), or null. */
  intentOfSecret?(clientSecret: string): string | null
}

export type ChallengeOutcome = 'complete' | 'fail'

type SandboxIntent = {
  clientSecret: string
  status: 'requires_action' | 'succeeded' | 'failed'
  amount: number
  invoiceNumber: number
  brand: string | null
  last4: string | null
}

/** 4000 0000 0000 0002: declined; 4000 0027 6000 3184: needs 3-D Secure; any other valid card succeeds. */
export const SANDBOX_DECLINED = '4000000000000002'
export const SANDBOX_REQUIRES_AUTHENTICATION = '4000002760003184'

/**
 * The offline gateway. A repeated idempotency key answers the first answer again, as real
 * gateways do. 4000 0027 6000 3184 behaves as Stripe's authentication card: the charge answers
 * `requires_action` with a PaymentIntent id and client secret; the browser shows the sandbox's
 * challenge (Complete / Fail, `completeChallenge`) and submits again with the PaymentIntent id,
 * which then succeeds or fails with Stripe's authentication message. It keeps those maps only
 * (brand and last four digits, never card data), in this process's memory.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  readonly acceptsRawCards = true
  private readonly answers = new Map<string, ChargeResult>()
  private readonly intents = new Map<string, SandboxIntent>()
  private counter = 0

  async charge(request: ChargeRequest, now: Date): Promise<ChargeResult> {
    // After the challenge: the intent's state now, checked against the invoice (as Stripe's retrieve).
    if (request.paymentIntentId) return this.afterChallenge(request)
    const previous = this.answers.get(request.idempotencyKey)
    if (previous) return previous
    const answer = this.decide(request, now)
    this.answers.set(request.idempotencyKey, answer)
    return answer
  }

  private decide(request: ChargeRequest, now: Date): ChargeResult {
    const card = request.card
    if (!card) return { status: 'failed', ref: null, message: MSG_CARD_DECLINED, brand: null, last4: null }
    const brand = cardBrand(card.number)
    const last4 = cardLast4(card.number)
    // The checks a gateway makes itself (the use case checked them too, with model state).
    if (Object.keys(checkCard(card, now)).length > 0) return { status: 'failed', ref: null, message: MSG_CARD_DECLINED, brand, last4 }
    const ref = `sandbox_ch_${Date.now().toString(36)}_${(++this.counter).toString(36)}`
    const digits = cardDigits(card.number)
    if (digits === SANDBOX_DECLINED) return { status: 'failed', ref, message: MSG_CARD_DECLINED, brand, last4 }
    if (digits === SANDBOX_REQUIRES_AUTHENTICATION) {
      const intentId = `sandbox_pi_${Date.now().toString(36)}_${this.counter.toString(36)}`
      const clientSecret = `${intentId}_secret_${crypto.randomBytes(12).toString('hex')}`
      this.intents.set(intentId, { clientSecret, status: 'requires_action', amount: request.amount, invoiceNumber: request.metadata.invoiceNumber, brand, last4 })
      return { status: 'requires_action', ref: intentId, clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, brand, last4 }
    }
    return { status: 'succeeded', ref, brand, last4 }
  }

  private afterChallenge(request: ChargeRequest): ChargeResult {
    const id = request.paymentIntentId!
    const intent = this.intents.get(id)
    if (!intent || intent.amount !== request.amount || intent.invoiceNumber !== request.metadata.invoiceNumber) {
      return { status: 'failed', ref: intent ? id : null, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null }
    }
    const card = { brand: intent.brand, last4: intent.last4 }
    if (intent.status === 'succeeded') return { status: 'succeeded', ref: id, ...card }
    if (intent.status === 'failed') return { status: 'failed', ref: id, message: MSG_CARD_AUTHENTICATION_FAILED, ...card }
    return { status: 'requires_action', ref: id, clientSecret: intent.clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card }
  }

  intentOfSecret(clientSecret: string): string | null {
    for (const [id, intent] of this.intents) if (intent.clientSecret === clientSecret) return id
    return null
  }

  completeChallenge(clientSecret: string, outcome: ChallengeOutcome) {
    const id = this.intentOfSecret(clientSecret)
    const intent = id ? this.intents.get(id) : undefined
    if (!id || !intent) return null
    // Once decided, a challenge stays decided (a second click, a replayed request).
    if (intent.status === 'requires_action') intent.status = outcome === 'complete' ? 'succeeded' : 'failed'
    return { paymentIntentId: id, status: intent.status as 'succeeded' | 'failed' }
  }
}

/** The gateway for this configuration: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function createPaymentGateway(config: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_BASE?: string | undefined }): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }))
  return new SandboxGateway()
}
