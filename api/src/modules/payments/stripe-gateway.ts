/**
 * The Stripe gateway (DESIGN.md §5): PaymentIntents. The browser collects the card with Stripe
 * Elements and sends a PaymentMethod id; the server creates and confirms a PaymentIntent with the
 * attempt's idempotency key. 3-D Secure answers `requires_action` with the client secret; the
 * browser completes it with Stripe.js and sends the PaymentIntent id back, which is retrieved and
 * checked (same invoice, same amount). Card data never reaches this server.
 */
import Stripe from 'stripe'
import { MSG_CARD_AUTHENTICATION_REQUIRED, MSG_PAYMENT_NOT_FOR_INVOICE } from '@permitdesk/shared'
import type { ChargeRequest, ChargeResult, PaymentGateway } from './payment-gateway'

export type StripeSettings = { secretKey: string; apiBase?: string | undefined }

/** The SDK client; `apiBase` (STRIPE_API_BASE) points it elsewhere, e.g. at the test fake. */
export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : null
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  })
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const method = intent.payment_method
  if (method && typeof method === 'object' && method.card) return { brand: method.card.brand, last4: method.card.last4 }
  return { brand: null, last4: null }
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  const card = cardOf(intent)
  if (intent.status === 'succeeded') return { status: 'succeeded', ref: intent.id, ...card }
  if (intent.status === 'requires_action') {
    return { status: 'requires_action', ref: intent.id, clientSecret: intent.client_secret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card }
  }
  return { status: 'failed', ref: intent.id, message: intent.last_payment_error?.message ?? 'Your card was declined.', ...card }
}

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const
  readonly acceptsRawCards = false
  constructor(private readonly stripe: Stripe) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      if (request.paymentIntentId) {
        const intent = await this.stripe.paymentIntents.retrieve(request.paymentIntentId, { expand: ['payment_method'] })
        if (intent.amount !== request.amount || intent.metadata?.invoiceNumber !== String(request.metadata.invoiceNumber)) {
          return { status: 'failed', ref: intent.id, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null }
        }
        return resultOf(intent)
      }
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: 'aud',
          payment_method: request.paymentMethodId,
          confirm: true,
          description: request.description,
          metadata: { invoiceNumber: String(request.metadata.invoiceNumber), promotionId: String(request.metadata.promotionId) },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      )
      return resultOf(intent)
    } catch (error) {
      // A decline is an answer (with Stripe's message); anything else is an unknown outcome.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent
        return { status: 'failed', ref: intent?.id ?? null, message: error.message, brand: null, last4: null }
      }
      throw error
    }
  }
}
