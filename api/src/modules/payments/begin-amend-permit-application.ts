/**
 * POST /api/promotion/beginAmendPermitApplication (001 §2/§4): from Submitted, Resubmitted,
 * Generated or Regenerated the application moves to "Amendments in progress" (the transition
 * table decides), recorded in the changelog; the customer is told by mail.
 */
import { AppError, getPermitStatus, requireTransition } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from '../promotions/promotions.repository'
import { assertSkillAmendable } from '../terms/terms-access'

export async function beginAmendPermitApplication(db: Db, actor: Owner, id: number) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    // Issue 14: a bought skill-based promotion is amended only inside its skillsBasedTCEditWindow.
    await assertSkillAmendable(tx, actor, row, new Date())
    const to = requireTransition({
      from: row.statusId,
      event: 'BEGIN_AMENDMENT',
      role: actor.isStaff ? 'admin' : 'customer',
      managedSubmission: row.managedSubmission,
    })
    const after = await updatePromotion(tx, row.id, { statusId: to })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'permit',
      entityId: row.id,
      action: 'beginAmendPermitApplication',
      changes: { statusId: { from: row.statusId, to } },
    })
    const status = getPermitStatus(after.statusId)
    return { row: after, permitStatus: { id: status.id, name: status.name, slug: status.slug } }
  })
}
