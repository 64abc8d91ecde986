import { addDays, isValidIsoDate, sydneyInstant } from '../dates/calendar'

/** The instant of a Sydney date and time from the application, or null when either is missing or malformed. */
export function drawInstant(date: string | null | undefined, time: string | null | undefined = '00:00'): Date | null {
  if (!date || !isValidIsoDate(date) || !/^([01]?\d|2[0-3]):[0-5]\d$/.test(time ?? '00:00')) return null
  return sydneyInstant(date, time ?? '00:00')
}

/** When a draw's winners are published (issue 15 winner publication), and which prize positions. */
export type WinnerPublication = { state: 'ACT' | 'SA'; publishAt: Date; positions: number[] }

/** ACT publishes the winners of prizes of $1,000 or more (cents). */
export const ACT_PUBLICATION_MIN_CENTS = 100_000

/** What is known of the prizes of one draw, for the per-prize publication rules. All values in cents. */
export type DrawPrizeFacts = {
  /** Winner positions of the draw (1 = the major prize). */
  winners: number
  /** The value of each position's prize as the owner gave it (index 0 = position 1); null or missing: not given. */
  prizeValues: readonly (number | null)[]
  /** A redraw covers unclaimed prizes, so the application's largest prize says nothing of its position 1. */
  isRedraw: boolean
  /** The application's most valuable single prize (maxPrizeValue). */
  maxPrizeValue: number | null | undefined
  /** The application's prize value for ACT (prizes that can be won there), if the promotion runs in ACT. */
  prizeValueACT: number | null | undefined
}

/**
 * The value of the prize of a winner position: the owner's value for it, else (a draw of one
 * prize) the application's most valuable prize, else null (not known).
 */
export function prizeValueAt(position: number, facts: DrawPrizeFacts): number | null {
  const given = facts.prizeValues[position - 1]
  if (typeof given === 'number') return given
  if (!facts.isRedraw && facts.winners === 1 && typeof facts.maxPrizeValue === 'number') return facts.maxPrizeValue
  return null
}

/**
 * The winner positions the ACT publication lists: each prize of $1,000 or more. A prize whose
 * value is not known counts when it could be one (the application's largest prize is $1,000 or
 * more, or is not given); none counts when the prizes that can be won in ACT total under $1,000.
 */
export function actPublishedPositions(facts: DrawPrizeFacts): number[] {
  if (typeof facts.prizeValueACT === 'number' && facts.prizeValueACT < ACT_PUBLICATION_MIN_CENTS) return []
  const couldBe = typeof facts.maxPrizeValue !== 'number' || facts.maxPrizeValue >= ACT_PUBLICATION_MIN_CENTS
  const out: number[] = []
  for (let position = 1; position <= facts.winners; position++) {
    const value = prizeValueAt(position, facts)
    if (value === null ? couldBe : value >= ACT_PUBLICATION_MIN_CENTS) out.push(position)
  }
  return out
}

/**
 * ACT: winners of prizes of $1,000 or more, per prize, by the application's ACT publication date
 * (default 7 days after the final draw). SA: every winner's initials and postcode within 30 days
 * of the draw: we publish at once.
 */
export function winnerPublicationsOf(input: {
  stateAct: boolean
  stateSa: boolean
  prizes: DrawPrizeFacts
  finalDrawDate: string | null | undefined
  prizePublicationDateACT: string | null | undefined
  ranAt: Date
}): WinnerPublication[] {
  const out: WinnerPublication[] = []
  const act = input.stateAct ? actPublishedPositions(input.prizes) : []
  if (act.length > 0) {
    const date = input.prizePublicationDateACT ?? (input.finalDrawDate ? addDays(input.finalDrawDate as never, 7) : null)
    const at = drawInstant(date, '09:00')
    out.push({ state: 'ACT', publishAt: at && at > input.ranAt ? at : input.ranAt, positions: act })
  }
  if (input.stateSa) out.push({ state: 'SA', publishAt: input.ranAt, positions: Array.from({ length: input.prizes.winners }, (_, i) => i + 1) })
  return out
}
