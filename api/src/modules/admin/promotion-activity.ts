/**
 * The owner-active warning (001 §2/§6): the permit editor reports activity while the owner works
 * (POST /api/promotion/reportActivity); isPromotionActive answers whether the owner was active in
 * the last two minutes, so staff must confirm before editing.
 */
import { AppError } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotionById, touchOwnerActivity } from './admin.repository'

export const OWNER_ACTIVE_WINDOW_MS = 2 * 60 * 1000

/**
 * Only the owner's activity counts (staff editing is not "the owner is active"). Another
 * customer's promotion answers 404, exactly as a missing one; staff (who may open any promotion
 * in the wizard) get ok without touching it.
 */
export async function reportActivity(db: DbOrTx, user: { id: number; isStaff: boolean }, promotionId: number) {
  if (await touchOwnerActivity(db, promotionId, user.id)) return { ok: true }
  const row = await findPromotionById(db, promotionId)
  if (!row || !user.isStaff) throw new AppError('NOT_FOUND')
  return { ok: true }
}

export async function isPromotionActive(db: DbOrTx, promotionId: number, now: Date) {
  const row = await findPromotionById(db, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  const lastActivity = row.ownerActiveAt
  const active = !!lastActivity && now.getTime() - lastActivity.getTime() < OWNER_ACTIVE_WINDOW_MS
  return { active, lastActivity: lastActivity?.toISOString() ?? null }
}
