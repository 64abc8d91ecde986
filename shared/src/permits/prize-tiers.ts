import { PRIZE_TIERS_CENTS } from '../constants'

/**
 * Prize tier flags (001 §3: prize251OrMore, prize501OrMore, prize1001OrMore; tiers 251/501/1001)
 * from the most valuable single prize, in cents.
 */
export function getPrizeTierFlags(maxPrizeValueCents: number | null | undefined): {
  prize251OrMore: boolean
  prize501OrMore: boolean
  prize1001OrMore: boolean
} {
  const value = maxPrizeValueCents ?? 0
  return {
    prize251OrMore: value >= PRIZE_TIERS_CENTS[0],
    prize501OrMore: value >= PRIZE_TIERS_CENTS[1],
    prize1001OrMore: value >= PRIZE_TIERS_CENTS[2],
  }
}
