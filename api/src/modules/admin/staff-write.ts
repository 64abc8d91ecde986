/**
 * The one way a staff action writes a promotion: in one transaction, lock the row, let the action
 * compute new values (asserting status transitions there), write them and the changelog entry
 * (who, when, what, from → to).
 */
import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { NewPromotionRow, PromotionRow } from '../../db/schema/promotions'
import { diffFields, insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { updatePromotion } from '../promotions/promotions.repository'
import { findPromotionById } from './admin.repository'
import { publishEvent } from '../../events/events'

export type Staff = { id: number }

export async function writePromotionAsStaff(
  db: Db,
  staff: Staff,
  promotionId: number,
  action: string,
  compute: (row: PromotionRow, tx: DbOrTx) => Partial<NewPromotionRow> | Promise<Partial<NewPromotionRow>>,
): Promise<{ before: PromotionRow; after: PromotionRow }> {
  return db.transaction(async (tx) => {
    const before = await findPromotionById(tx, promotionId, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    const values = await compute(before, tx)
    const after = await updatePromotion(tx, before.id, values)
    // Dates or states may have moved: the reminder worker re-plans on this event.
    await publishEvent(tx, 'promotion.saved', { promotionId: after.id, statusId: after.statusId })
    const changes = diffFields(before as unknown as Record<string, unknown>, values as Record<string, unknown>)
    await insertChange(tx, { promotionId: before.id, userId: staff.id, entity: 'promotion', entityId: before.id, action, changes })
    return { before, after }
  })
}
