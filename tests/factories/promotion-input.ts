/**
 * The create payload the tests start from, in a module of its own (no server code) so the API
 * integration tests' factories and the browser tests' helpers share one copy.
 */
import type { PromotionCreate } from '@permitdesk/shared'

/** A valid create payload: NSW + ACT, $20,000, every visible quiz question answered. */
export function promotionInput(overrides: Partial<Record<keyof PromotionCreate, unknown>> & Record<string, unknown> = {}) {
  return {
    name: 'Summer giveaway',
    ausStates: { nsw: true, act: true },
    includeNz: false,
    totalPrizeValue: 20_000,
    hasNswAuthority: false,
    winnersDrawnElectronically: false,
    managedSubmission: true,
    randomDraw: false,
    termsAndConditions: false,
    abridgedTC: false,
    hostedTC: false,
    ...overrides,
  }
}
