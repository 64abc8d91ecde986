import { AppError, MSG_STRIPE_SIGNATURE_INVALID } from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { handleStripeEvent, type StripeEventLike } from './handle-stripe-event'
import { createStripeClient } from './stripe-gateway'

/** The part of a Stripe event the webhook reads (the rest of Stripe's event is accepted as sent). */
const StripeEventDoc = z.looseObject({
  id: z.string().describe('The event id (evt_…): a replayed id is answered without acting again.'),
  type: z.string().describe('payment_intent.succeeded and payment_intent.payment_failed act; any other type is acknowledged and ignored.'),
  data: z.looseObject({ object: z.looseObject({ id: z.string(), object: z.string() }) }),
})

const StripeWebhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(['replay', 'ignored', 'failed', 'already-paid', 'completed']),
})

/**
 * POST /api/payments/stripeWebhook: Stripe's events, the raw body checked against the
 * `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (a bad or missing signature: 400). Declared
 * like every call (issue 31); `rawBody` mounts it before the API's JSON parser and origin check
 * (the signature is over the exact bytes, and Stripe is not a browser). 404 unless Stripe is configured.
 */
export function stripeWebhookRoutes(deps: AppDeps): RouteSpec[] {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = deps.config
  // Stripe mode always has both (env.ts refuses to start without the webhook secret).
  const stripe =
    deps.config.paymentMode === 'stripe' && STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET
      ? { client: createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE }), secret: STRIPE_WEBHOOK_SECRET }
      : undefined
  return [
    route({
      method: 'post',
      path: '/payments/stripeWebhook',
      summary:
        "Stripe's events (PaymentIntent succeeded or failed), signed with STRIPE_WEBHOOK_SECRET; a bad or missing signature is 400, a replay does nothing. Only when Stripe is configured (404 otherwise).",
      tag: 'payments',
      access: 'public',
      rawBody: { limit: '1mb' },
      headers: [{ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the raw body (`t=…,v1=…`), checked with the webhook secret." }],
      bodyDoc: StripeEventDoc,
      response: StripeWebhookResponse,
      handler: async ({ req }) => {
        if (!stripe) throw new AppError('NOT_FOUND')
        let event: StripeEventLike
        try {
          event = stripe.client.webhooks.constructEvent(
            Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
            String(req.headers['stripe-signature'] ?? ''),
            stripe.secret,
          ) as unknown as StripeEventLike
        } catch {
          throw new AppError('VALIDATION', MSG_STRIPE_SIGNATURE_INVALID)
        }
        // A completed payment publishes its events in the same transaction (the mails and the lodgement pack subscribe).
        const { outcome } = await handleStripeEvent(deps.database.db, event)
        return { received: true as const, outcome }
      },
    }),
  ]
}
