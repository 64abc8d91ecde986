/**
 * Which addenda a promotion's regulators need after its draw, and from when (001 §3: X list of
 * entries always, V list of prize winners, W list of unclaimed prize winners, U statutory
 * declaration of scrutineer when one is required; issue 25). The dashboard offers an upload only
 * once the draw it follows has happened; before that it says what will be needed and when.
 * Pure: the relevant codes come from getRelevantAttachmentCodes.
 */
import { getAttachmentType } from '../attachments/attachment-types'
import { formatDate } from '../format/date'

export const POST_DRAW_ADDENDA = ['V', 'W', 'U', 'X'] as const
export type PostDrawAddendum = (typeof POST_DRAW_ADDENDA)[number]

export interface AddendaPlanInput {
  /** The promotion's relevant attachment codes (getRelevantAttachmentCodes). */
  relevantCodes: readonly string[]
  /** The final draw date (YYYY-MM-DD), or null when the application has none yet. */
  finalDrawDate: string | null
  /** The unclaimed prize draw date (YYYY-MM-DD), or null. */
  unclaimedDrawDate: string | null
  /** Today in Sydney (YYYY-MM-DD). */
  today: string
}

export interface AddendumPlan {
  code: PostDrawAddendum
  name: string
  /** The Sydney date from which it can be lodged, or null when the draw date is not known. */
  from: string | null
  /** The draw it follows has happened: the upload is offered. */
  open: boolean
  /** When it is needed, in the customer's words (one sentence). */
  when: string
}

export function getAddendaPlan(input: AddendaPlanInput): AddendumPlan[] {
  return POST_DRAW_ADDENDA.filter((code) => input.relevantCodes.includes(code)).map((code) => {
    const unclaimed = code === 'W'
    const from = unclaimed ? input.unclaimedDrawDate : input.finalDrawDate
    const draw = unclaimed ? 'unclaimed prize draw' : 'final draw'
    const open = from !== null && from <= input.today
    const when = open
      ? `Needed now: the ${draw} was on ${formatDate(from)}.`
      : from
        ? `From ${formatDate(from)}, after the ${draw}.`
        : `After the ${draw}; its date is not in the application yet.`
    return { code, name: getAttachmentType(code)?.name ?? code, from, open, when }
  })
}
