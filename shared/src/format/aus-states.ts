import { LABEL_NATIONAL, LABEL_NO_STATES } from '../messages'
import { STATE_CODES, isNational, selectedStates, type AusStatesInput } from '../states'

/**
 * AusStates display (000 §3): 'National (Aus)' when all eight are set, otherwise a comma list of
 * upper-case codes in flag order (act, nsw, sa, vic, nt, wa, qld, tas), or '---' when none.
 */
export function formatAusStates(states: AusStatesInput | null | undefined, options: { includeNz?: boolean } = {}): string {
  let text: string
  if (isNational(states) || states?.all) text = LABEL_NATIONAL
  else {
    const codes = selectedStates(states).map((key) => STATE_CODES[key])
    text = codes.length === 0 ? LABEL_NO_STATES : codes.join(', ')
  }
  return options.includeNz && text !== LABEL_NO_STATES ? `${text}, NZ` : text
}
