import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from './promotions.repository'

/** POST /api/promotion/archive: archive, or un-archive with `archived: false` (001 §2 /promotions/archive/). */
export async function archivePromotion(db: Db, owner: Owner, id: number, archived: boolean) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    if (before.archived !== archived) {
      await updatePromotion(tx, id, { archived })
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: 'promotion',
        entityId: id,
        action: archived ? 'archive' : 'unarchive',
        changes: { archived: { from: before.archived, to: archived } },
      })
    }
    return { id, archived }
  })
}
