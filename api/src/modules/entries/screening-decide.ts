import { AppError, MSG_SCREENING_FROZEN, MSG_SCREENING_GROUP_NOT_FOUND, type ScreeningDecide } from '@permitdesk/shared'
import * as repo from './screening.repository'
import { requireScreenable, type Owner, type ScreeningDeps } from './screening-run'

/**
 * POST /api/entries/decide: the owner (or staff) excludes or keeps entries with a reason (and the
 * T&C clause the public record cites), by entry number or by group, recorded on the entries and in
 * the changelog. Entry numbers of other promotions change nothing. Refused once frozen.
 */
export async function decideScreening(deps: ScreeningDeps, owner: Owner, body: ScreeningDecide) {
  await requireScreenable(deps, owner, body.promotionId)
  const db = deps.database.db
  const form = await repo.formStatusOf(db, body.promotionId)
  if (form?.status === 'frozen') throw new AppError('CONFLICT', MSG_SCREENING_FROZEN)
  if (body.group !== undefined && !(await repo.groupExists(db, body.promotionId, body.group))) {
    throw new AppError('VALIDATION', MSG_SCREENING_GROUP_NOT_FOUND, { modelState: { group: [MSG_SCREENING_GROUP_NOT_FOUND] } })
  }
  const target = body.group !== undefined ? { group: body.group } : { entryNumbers: body.entryNumbers! }
  const decided = await repo.decideEntries(db, body.promotionId, target, {
    decision: body.decision,
    reason: body.reason,
    clause: body.clause ?? null,
    userId: owner.userId,
  })
  return { decided: decided.length, entryNumbers: decided.slice(0, 1000), counts: await repo.screeningCounts(db, body.promotionId) }
}
