import { AppError, MSG_STRIPE_SIGNATURE_INVALID } from '@permitdesk/shared'
import express, { Router } from 'express'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { handleStripeEvent, type StripeEventLike } from './handle-stripe-event'
import { lodgementDeps, queueLodgementPackAfterSubmission } from './request-lodgement-pack'
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
 * The webhook as /api/openapi.json documents it. It is served by `stripeWebhookRoutes` below
 * (mounted before the API's JSON parser, so the signature is checked over the raw bytes), hence
 * `mountedElsewhere`; the declaration only documents it and puts it in the policy table.
 */
export function stripeWebhookDoc(): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/payments/stripeWebhook',
      summary:
        "Stripe's events (PaymentIntent succeeded or failed), signed with STRIPE_WEBHOOK_SECRET; a bad or missing signature is 400, a replay does nothing. Only when Stripe is configured (404 otherwise).",
      tag: 'payments',
      access: 'public',
      mountedElsewhere: true,
      headers: [{ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the raw body (`t=…,v1=…`), checked with the webhook secret." }],
      bodyDoc: StripeEventDoc,
      response: StripeWebhookResponse,
      handler: () => {
        throw new AppError('NOT_FOUND')
      },
    }),
  ]
}

/**
 * POST /api/payments/stripeWebhook: Stripe's events, the raw body checked against the
 * `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (a bad or missing signature: 400).
 * Mounted before the API's JSON parser and origin check (Stripe is not a browser).
 */
export function stripeWebhookRoutes(deps: AppDeps): Router {
  const router = Router({ caseSensitive: false })
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = deps.config
  // Stripe mode always has both (env.ts refuses to start without the webhook secret).
  if (deps.config.paymentMode !== 'stripe' || !STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return router
  const stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE })
  router.post('/api/payments/stripeWebhook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    let event: StripeEventLike
    try {
      event = stripe.webhooks.constructEvent(
        req.body as Buffer,
        String(req.headers['stripe-signature'] ?? ''),
        STRIPE_WEBHOOK_SECRET,
      ) as unknown as StripeEventLike
    } catch {
      throw new AppError('VALIDATION', MSG_STRIPE_SIGNATURE_INVALID)
    }
    const { outcome, promotionId } = await handleStripeEvent(deps.database.db, event)
    if (outcome === 'completed' && promotionId) void queueLodgementPackAfterSubmission(lodgementDeps(deps), promotionId)
    const answer: z.input<typeof StripeWebhookResponse> = { received: true, outcome }
    res.json(answer)
  })
  return router
}
