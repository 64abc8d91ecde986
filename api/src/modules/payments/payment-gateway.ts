/**
 * The card payment gateway behind one interface (DESIGN.md §5). The built-in sandbox takes raw
 * card fields and answers like the common test gateways; a Stripe gateway (PaymentIntents, card
 * data only in the browser) would implement the same interface.
 */
import {
  cardBrand,
  cardLast4,
  checkCard,
  cardDigits,
  MSG_CARD_AUTHENTICATION_REQUIRED,
  MSG_CARD_DECLINED,
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
}

/** 4000 0000 0000 0002: declined; 4000 0027 6000 3184: needs 3-D Secure; any other valid card succeeds. */
export const SANDBOX_DECLINED = '4000000000000002'
export const SANDBOX_REQUIRES_AUTHENTICATION = '4000002760003184'

/**
 * The offline gateway. A repeated idempotency key answers the first answer again, as real
 * gateways do; it keeps nothing but that map (no card data).
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  readonly acceptsRawCards = true
  private readonly answers = new Map<string, ChargeResult>()
  private counter = 0

  async charge(request: ChargeRequest, now: Date): Promise<ChargeResult> {
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
      return { status: 'requires_action', ref, clientSecret: null, message: MSG_CARD_AUTHENTICATION_REQUIRED, brand, last4 }
    }
    return { status: 'succeeded', ref, brand, last4 }
  }
}

/** The gateway for this configuration: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function createPaymentGateway(config: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_BASE?: string | undefined }): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }))
  return new SandboxGateway()
}
