import type { Db } from '../../db/client'
// In a file of its own: stripe-gateway.ts implements the PaymentGateway of payment-gateway.ts, so the choice between them cannot live there.
import { SandboxGateway, type PaymentGateway } from './payment-gateway'
import { createStripeClient, StripeGateway } from './stripe-gateway'

/** The gateway for this configuration: Stripe in the `stripe` payment mode, else the sandbox (test mode, issue 22). */
export function createPaymentGateway(
  config: { paymentMode: 'stripe' | 'test'; STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_BASE?: string | undefined },
  db: Db,
): PaymentGateway {
  if (config.paymentMode === 'stripe' && config.STRIPE_SECRET_KEY)
    return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }))
  return new SandboxGateway(db)
}
