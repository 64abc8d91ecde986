/**
 * The sandbox's 3-D Secure challenge (issue 12): the payment page, given `requires_action` with
 * a client secret, shows a challenge (Complete / Fail) and reports the cardholder's answer here,
 * as Stripe.js reports it to Stripe. The client secret is the capability, and the payment must
 * also be one of the caller's promotions (another customer's: 404, as a missing one). Nothing is
 * charged here: the page then submits again with the PaymentIntent id, and the submit records
 * the outcome (paid and submitted, or failed with the authentication message).
 */
import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import type { ChallengeOutcome, PaymentGateway } from './payment-gateway'
import { findPaymentByRef } from './payments.repository'

export async function completeSandboxChallenge(
  deps: { db: Db; gateway: PaymentGateway },
  viewer: Owner,
  input: { clientSecret: string; outcome: ChallengeOutcome },
) {
  const { gateway } = deps
  if (!gateway.completeChallenge || !gateway.intentOfSecret) throw new AppError('NOT_FOUND')
  const intentId = await gateway.intentOfSecret(input.clientSecret)
  const payment = intentId ? await findPaymentByRef(deps.db, intentId) : undefined
  const promotion = payment ? await findPromotion(deps.db, viewer, payment.promotionId) : undefined
  if (!payment || !promotion) throw new AppError('NOT_FOUND')
  const decided = await gateway.completeChallenge(input.clientSecret, input.outcome)
  if (!decided) throw new AppError('NOT_FOUND')
  return { id: promotion.id, paymentIntentId: decided.paymentIntentId, status: decided.status }
}
