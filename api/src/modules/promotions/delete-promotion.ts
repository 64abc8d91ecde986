import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from './promotions.repository'

/**
 * POST /api/promotion/delete (001 §3 "A deleted flag toggles on delete"): the row stays, so staff
 * can restore it by deleting again; the customer no longer sees it (404 from then on).
 */
export async function deletePromotion(db: Db, owner: Owner, id: number) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    const deleted = !before.deleted
    await updatePromotion(tx, id, { deleted })
    await insertChange(tx, {
      promotionId: id,
      userId: owner.userId,
      entity: 'promotion',
      entityId: id,
      action: deleted ? 'delete' : 'restore',
      changes: { deleted: { from: before.deleted, to: deleted } },
    })
    return { id, deleted }
  })
}
