/**
 * What "Permits required" says for each state once the application moves on (issue 25): before
 * lodgement a required permit is "Permit needed"; after it, the line says what is true for that
 * state: issued (with its number), approved with the number still to come from our staff, with the
 * regulator, or (self submission) the customer's to lodge. It read "Permit needed" for ACT after
 * approval with only the NSW number recorded. Pure.
 */
import {
  LABEL_NO_PERMIT_NEEDED,
  MSG_PERMIT_LINE_AWAITING_NUMBER,
  MSG_PERMIT_LINE_LODGE_YOURSELF,
  MSG_PERMIT_LINE_NEEDED,
  MSG_PERMIT_LINE_NONE,
  MSG_PERMIT_LINE_NOTICE,
  MSG_PERMIT_LINE_UNDECIDED,
  MSG_PERMIT_LINE_WITH_REGULATOR,
  msgPermitLineIssued,
} from '../messages'
import type { PermitOutcome } from '../permits/permit-summary'
import { PERMIT_STATUS_IDS as S } from './statuses'

export type PermitLineState = 'issued' | 'awaiting-number' | 'with-regulator' | 'lodge-yourself' | 'needed' | Exclude<PermitOutcome, 'required'>

const OTHER_OUTCOMES: Readonly<Record<Exclude<PermitOutcome, 'required'>, string>> = {
  // The words the wizard shows for a state below its threshold (or covered by another state's permit).
  'not-required': LABEL_NO_PERMIT_NEEDED,
  undecided: MSG_PERMIT_LINE_UNDECIDED,
  notice: MSG_PERMIT_LINE_NOTICE,
  none: MSG_PERMIT_LINE_NONE,
}

export interface PermitLineInput {
  outcome: PermitOutcome
  statusId: number
  managedSubmission: boolean
  /** The permit number staff recorded for this state, if any. */
  permitNumber?: string | null
}

export function getPermitLineState(input: PermitLineInput): { state: PermitLineState; text: string } {
  if (input.outcome !== 'required') return { state: input.outcome, text: OTHER_OUTCOMES[input.outcome] }
  if (input.permitNumber) return { state: 'issued', text: msgPermitLineIssued(input.permitNumber) }
  const s = input.statusId
  if (s === S.approved) return { state: 'awaiting-number', text: MSG_PERMIT_LINE_AWAITING_NUMBER }
  if (!input.managedSubmission && (s === S.generated || s === S.regenerated)) return { state: 'lodge-yourself', text: MSG_PERMIT_LINE_LODGE_YOURSELF }
  if (s === S.submitted || s === S.resubmitted) return { state: 'with-regulator', text: MSG_PERMIT_LINE_WITH_REGULATOR }
  return { state: 'needed', text: MSG_PERMIT_LINE_NEEDED }
}
