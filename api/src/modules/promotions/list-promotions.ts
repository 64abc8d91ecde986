import type { Db } from '../../db/client'
import { toListItem } from './promotion-view'
import { listPromotions as queryPromotions, type Owner } from './promotions.repository'
import type { PromotionListQuery } from './promotions.schemas'

/**
 * GET /api/promotion/list (001 §7): `promotions` (one page) and `promotionCount` (when getTotal,
 * else null). Default order: date (created) descending; a column sorts ascending unless a
 * direction is given (001 §2).
 */
export async function listPromotions(db: Db, owner: Owner, query: PromotionListQuery) {
  const direction = query.direction ?? (query.sort === 'date' ? 'desc' : 'asc')
  const { rows, total } = await queryPromotions(db, { ...query, owner, direction })
  return { promotions: rows.map(toListItem), promotionCount: total }
}
