/**
 * The payment screen's reads (issue 25): TanStack Query with the app's one client, so an answer
 * that arrives late is data beside the customer's choices, never a setter that overwrites them.
 * Each visit reads afresh (gcTime 0): what is owed is never taken from an earlier visit's answer.
 */
import { isSkillTcPaymentOption, promotionFromWire, type Promotion, type SkillTcPaymentOption } from '@permitdesk/shared'
import { queryOptions } from '@tanstack/react-query'
import { getPaymentConfig } from '../../../lib/payments-api'
import { typedApi } from '../../../lib/typed-api'

export const paymentKeys = {
  config: ['payments', 'config'] as const,
  promotion: (id: number) => ['payments', 'promotion', id] as const,
  skillOption: (id: number) => ['payments', 'skillOption', id] as const,
}

/** The gateway (sandbox or Stripe) and BPAY biller code: fixed while the server runs. */
export const paymentConfigQuery = () => queryOptions({ queryKey: paymentKeys.config, queryFn: getPaymentConfig, staleTime: Number.POSITIVE_INFINITY })

/** The promotion with what it owes; amounts arrive in dollars and are held in cents (promotionFromWire). */
export const payablePromotionQuery = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.promotion(id),
    queryFn: async () => promotionFromWire((await typedApi.get('/promotion/get', { query: { id }, notify: false })) as Promotion),
    gcTime: 0,
  })

/** The skill-based T&C option chosen at an earlier attempt (null: none yet, or not one of the options). */
export const storedSkillOptionQuery = (promotionId: number) =>
  queryOptions({
    queryKey: paymentKeys.skillOption(promotionId),
    queryFn: async (): Promise<SkillTcPaymentOption | null> => {
      const terms = (await typedApi.get('/terms/get', { query: { promotionId }, notify: false })) as { skillsBasedTCPaymentOption: string | null }
      return isSkillTcPaymentOption(terms.skillsBasedTCPaymentOption) ? terms.skillsBasedTCPaymentOption : null
    },
    gcTime: 0,
  })
