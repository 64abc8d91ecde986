import { AppError, MSG_STRIPE_SIGNATURE_INVALID } from '@permitdesk/shared'
import express, { Router } from 'express'
import type { AppDeps } from '../../deps'
import { handleStripeEvent, type StripeEventLike } from './handle-stripe-event'
import { createStripeClient } from './stripe-gateway'

/**
 * POST /api/payments/stripeWebhook: Stripe's events, the raw body checked against the
 * `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (a bad or missing signature: 400).
 * Mounted before the API's JSON parser and origin check (Stripe is not a browser).
 */
export function stripeWebhookRoutes(deps: AppDeps): Router {
  const router = Router({ caseSensitive: false })
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = deps.config
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return router
  const stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE })
  router.post('/api/payments/stripeWebhook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    let event: StripeEventLike
    try {
      event = stripe.webhooks.constructEvent(req.body as Buffer, String(req.headers['stripe-signature'] ?? ''), STRIPE_WEBHOOK_SECRET) as unknown as StripeEventLike
    } catch {
      throw new AppError('VALIDATION', MSG_STRIPE_SIGNATURE_INVALID)
    }
    const { outcome } = await handleStripeEvent(deps.database.db, event)
    res.json({ received: true, outcome })
  })
  return router
}
