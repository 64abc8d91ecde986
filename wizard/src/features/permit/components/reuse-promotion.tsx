import { getPromotion, getPromotionReuseList } from '../api/permit-api'
import type { Draft } from '../hooks/use-permit-editor'
import { useEditor } from './editor-context'
import { ReuseControl } from './reuse-control'

/** Dates are this promotion's own; everything else of the application can be copied. */
const PERMIT_KEYS_NOT_REUSED = ['startDate', 'startTime', 'endDate', 'endTime', 'requiredDate', 'visitedEntryDraw', 'visitedComments'] as const

/** 001 §2: reuse a previous promotion's application details (with undo). */
export function ReusePromotion() {
  const { draft } = useEditor()
  return (
    <ReuseControl
      testId="reuse-promotion"
      summary="Reuse details from a previous promotion"
      choose="Previous promotion"
      load={async () => {
        const list = await getPromotionReuseList(draft.id)
        return list.map((p) => ({ id: p.id, label: `${p.name || 'Untitled permit'} (#${p.id})` }))
      }}
      apply={async (sourceId, draft) => copyApplication(await getPromotion(sourceId), draft)}
    />
  )
}

function copyApplication(source: Draft, draft: Draft): Draft {
  const permit = { ...draft.permit, ...source.permit }
  for (const key of PERMIT_KEYS_NOT_REUSED) (permit as Record<string, unknown>)[key] = draft.permit[key]
  const withoutDate = <T extends { date?: string | null } | null | undefined>(draw: T, own: T): T => (draw ? { ...draw, date: own?.date ?? null } : draw)
  permit.finalDraw = source.permit.finalDraw
    ? {
        ...withoutDate(source.permit.finalDraw, draft.permit.finalDraw),
        notification: { ...source.permit.finalDraw.notification, date: draft.permit.finalDraw?.notification?.date ?? null },
      }
    : draft.permit.finalDraw
  permit.unclaimedDraw = withoutDate(source.permit.unclaimedDraw, draft.permit.unclaimedDraw) ?? draft.permit.unclaimedDraw
  // Fees and status are this promotion's, not the source's.
  for (const key of Object.keys(permit))
    if (key.startsWith('feeDue_') || key === 'permitStatus') (permit as Record<string, unknown>)[key] = (draft.permit as Record<string, unknown>)[key]
  return {
    ...draft,
    permit,
    prizeQuantityTotal: source.prizeQuantityTotal ?? draft.prizeQuantityTotal,
    prizeDescription: source.prizeDescription ?? draft.prizeDescription,
    prizeCategoriesValue: source.prizeCategoriesValue ?? draft.prizeCategoriesValue,
    prizeCategoriesOther: source.prizeCategoriesOther ?? draft.prizeCategoriesOther,
    maxPrizeValue: source.maxPrizeValue ?? draft.maxPrizeValue,
    prizePublicationACT: source.prizePublicationACT ?? draft.prizePublicationACT,
  }
}
