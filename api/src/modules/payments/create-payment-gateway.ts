import type { Db } from '../../db/client'
// In a file of its own: stripe-gateway.ts implements the PaymentGateway of payment-gateway.ts, so the choice between them cannot live there.
import { SandboxGateway, type PaymentGateway } from './payment-gateway'
import { createStripeClient, StripeGateway } from './stripe-gateway'

/** The gateway for this configuration: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function createPaymentGateway(config: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_BASE?: string | undefined }, db: Db): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }))
  return new SandboxGateway(db)
}
