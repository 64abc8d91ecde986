import { DEFAULT_SKILL_TC_PAYMENT_OPTION, type SkillTcPaymentOption } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { storedSkillOptionQuery } from '../api/payment-reads'

/**
 * The skill-based T&C credit option on the payment screen (issue 14): the customer's choice, else
 * the option stored at an earlier attempt, else the list price. Derived, not copied into state
 * when the stored option arrives, so a late answer can never undo a choice (issue 25: it did).
 */
export function useSkillOption(promotionId: number, enabled: boolean): [SkillTcPaymentOption, (option: SkillTcPaymentOption) => void] {
  const [chosen, choose] = useState<SkillTcPaymentOption | null>(null)
  const stored = useQuery({ ...storedSkillOptionQuery(promotionId), enabled })
  return [chosen ?? stored.data ?? DEFAULT_SKILL_TC_PAYMENT_OPTION, choose]
}
