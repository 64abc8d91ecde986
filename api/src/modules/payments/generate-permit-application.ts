/**
 * POST /api/promotion/generatePermitApplication (001 §7, issue 12): a self-submitted application,
 * once nothing is owed, has its forms generated: "Forms ready for generation" → "Generated", and
 * after an amendment "Forms ready for regeneration" → "Regenerated" (the transition table's
 * GENERATE_FORMS rows), recorded in the changelog.
 */
import { AppError, MSG_PAYMENT_DUE_BEFORE_GENERATION, requireTransition } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from '../promotions/promotions.repository'
import { findSubmissionInvoices } from './payments.repository'
import { owedDifference, statusView } from './submit-permit-application'
import { publishEvent } from '../../events/events'

export async function generatePermitApplication(db: Db, actor: Owner, id: number) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const to = requireTransition({
      from: row.statusId,
      event: 'GENERATE_FORMS',
      role: actor.isStaff ? 'admin' : 'customer',
      managedSubmission: row.managedSubmission,
    })
    const live = await findSubmissionInvoices(tx, row.id)
    const { amount, gst } = owedDifference(row, live)
    if (live.some((i) => !i.paidAt) || amount + gst > 0) throw new AppError('CONFLICT', MSG_PAYMENT_DUE_BEFORE_GENERATION)
    const after = await updatePromotion(tx, row.id, { statusId: to })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'permit',
      entityId: row.id,
      action: 'generatePermitApplication',
      changes: { statusId: { from: row.statusId, to } },
    })
    // The "submitted" mail and the lodgement pack subscribe (issue 31).
    await publishEvent(tx, 'promotion.submitted', { promotionId: row.id, statusId: to })
    return { row: after, permitStatus: statusView(after.statusId) }
  })
}
