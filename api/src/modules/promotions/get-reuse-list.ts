import type { Db } from '../../db/client'
import { findReuseList, type Owner } from './promotions.repository'
import { toListItem } from './promotion-view'

/** GET /api/promotion/getReuseList (001 §7): the owner's other promotions to reuse from (array). */
export async function getReuseList(db: Db, owner: Owner, search?: string, exclude?: number) {
  const rows = await findReuseList(db, owner, search, exclude)
  return rows.map(toListItem)
}
