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
import type { Db } from '../../db/client'
import type { sandboxIntents } from '../../db/schema/sandbox-gateway'
import { decideSandboxIntent, findSandboxAnswer, findSandboxIntent, findSandboxIntentBySecret, recordSandboxAnswer } from './sandbox-gateway.repository'

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
  completeChallenge?(clientSecret: string, outcome: ChallengeOutcome): Promise<{ paymentIntentId: string; status: 'succeeded' | 'failed' } | null>
  /** The PaymentIntent id a client secret belongs to (sandbox), or null. */
  intentOfSecret?(clientSecret: string): Promise<string | null>
}

export type ChallengeOutcome = 'complete' | 'fail'

/** 4000 0000 0000 0002: declined; 4000 0027 6000 3184: needs 3-D Secure; any other valid card succeeds. */
export const SANDBOX_DECLINED = '4000000000000002'
export const SANDBOX_REQUIRES_AUTHENTICATION = '4000002760003184'

/**
 * The offline gateway. A repeated idempotency key answers the first answer again, as real
 * gateways do. 4000 0027 6000 3184 behaves as Stripe's authentication card: the charge answers
 * `requires_action` with a PaymentIntent id and client secret; the browser shows the sandbox's
 * challenge (Complete / Fail, `completeChallenge`) and submits again with the PaymentIntent id,
 * which then succeeds or fails with Stripe's authentication message. Its answers and intents
 * (brand and last four digits, never card data) are kept in PostgreSQL
 * (sandbox-gateway.repository.ts), so any number of API processes act as one gateway.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  readonly acceptsRawCards = true
  constructor(private readonly db: Db) {}

  async charge(request: ChargeRequest, now: Date): Promise<ChargeResult> {
    // After the challenge: the intent's state now, checked against the invoice (as Stripe's retrieve).
    if (request.paymentIntentId) return this.afterChallenge(request)
    const previous = await findSandboxAnswer<ChargeResult>(this.db, request.idempotencyKey)
    if (previous) return previous
    const { answer, intent } = this.decide(request, now)
    return recordSandboxAnswer(this.db, request.idempotencyKey, answer, intent)
  }

  private decide(request: ChargeRequest, now: Date): { answer: ChargeResult; intent?: typeof sandboxIntents.$inferInsert } {
    const card = request.card
    if (!card) return { answer: { status: 'failed', ref: null, message: MSG_CARD_DECLINED, brand: null, last4: null } }
    const brand = cardBrand(card.number)
    const last4 = cardLast4(card.number)
    // The checks a gateway makes itself (the use case checked them too, with model state).
    if (Object.keys(checkCard(card, now)).length > 0) return { answer: { status: 'failed', ref: null, message: MSG_CARD_DECLINED, brand, last4 } }
    const unique = `${Date.now().toString(36)}_${crypto.randomBytes(6).toString('hex')}`
    const ref = `sandbox_ch_${unique}`
    const digits = cardDigits(card.number)
    if (digits === SANDBOX_DECLINED) return { answer: { status: 'failed', ref, message: MSG_CARD_DECLINED, brand, last4 } }
    if (digits === SANDBOX_REQUIRES_AUTHENTICATION) {
      const intentId = `sandbox_pi_${unique}`
      const clientSecret = `${intentId}_secret_${crypto.randomBytes(12).toString('hex')}`
      return {
        answer: { status: 'requires_action', ref: intentId, clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, brand, last4 },
        intent: { id: intentId, clientSecret, status: 'requires_action', amount: request.amount, invoiceNumber: request.metadata.invoiceNumber, brand, last4 },
      }
    }
    return { answer: { status: 'succeeded', ref, brand, last4 } }
  }

  private async afterChallenge(request: ChargeRequest): Promise<ChargeResult> {
    const id = request.paymentIntentId!
    const intent = await findSandboxIntent(this.db, id)
    if (!intent || intent.amount !== request.amount || intent.invoiceNumber !== request.metadata.invoiceNumber) {
      return { status: 'failed', ref: intent ? id : null, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null }
    }
    const card = { brand: intent.brand, last4: intent.last4 }
    if (intent.status === 'succeeded') return { status: 'succeeded', ref: id, ...card }
    if (intent.status === 'failed') return { status: 'failed', ref: id, message: MSG_CARD_AUTHENTICATION_FAILED, ...card }
    return { status: 'requires_action', ref: id, clientSecret: intent.clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card }
  }

  async intentOfSecret(clientSecret: string): Promise<string | null> {
    return (await findSandboxIntentBySecret(this.db, clientSecret))?.id ?? null
  }

  async completeChallenge(clientSecret: string, outcome: ChallengeOutcome) {
    // Once decided, a challenge stays decided (a second click, a replayed request, another process).
    const intent = await decideSandboxIntent(this.db, clientSecret, outcome === 'complete' ? 'succeeded' : 'failed')
    if (!intent) return null
    return { paymentIntentId: intent.id, status: intent.status as 'succeeded' | 'failed' }
  }
}

/** Issue 22: test mode takes no money: the sandbox gateway. Its invoices have their own number series and say TEST MODE. */
export function isTestMode(gateway: Pick<PaymentGateway, 'name'>): boolean {
  return gateway.name === 'sandbox'
}
