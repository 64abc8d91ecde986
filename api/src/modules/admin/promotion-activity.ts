/**
 * The owner-active warning (001 §2/§6): the permit editor reports activity while the owner works
 * (POST /api/promotion/reportActivity); isPromotionActive answers whether the owner was active in
 * the last two minutes, so staff must confirm before editing.
 */
import { AppError } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotionById, touchOwnerActivity, touchStaffActivity } from './admin.repository'

export const OWNER_ACTIVE_WINDOW_MS = 2 * 60 * 1000

const recent = (at: Date | null | undefined, now: Date) => !!at && now.getTime() - at.getTime() < OWNER_ACTIVE_WINDOW_MS

/**
 * The owner's pings mark the owner active; staff's mark staff active (issue 26: each side is told
 * when the other is working on the same promotion, wherever staff can edit). The answer says who
 * else is editing now. Another customer's promotion answers 404, exactly as a missing one.
 */
export async function reportActivity(db: DbOrTx, user: { id: number; isStaff: boolean }, promotionId: number, now = new Date()) {
  const asOwner = await touchOwnerActivity(db, promotionId, user.id)
  if (asOwner) return { ok: true, otherEditor: recent(asOwner.staffActiveAt, now) ? ('staff' as const) : null }
  if (!user.isStaff) throw new AppError('NOT_FOUND')
  const asStaff = await touchStaffActivity(db, promotionId)
  if (!asStaff) throw new AppError('NOT_FOUND')
  return { ok: true, otherEditor: recent(asStaff.ownerActiveAt, now) ? ('owner' as const) : null }
}

export async function isPromotionActive(db: DbOrTx, promotionId: number, now: Date) {
  const row = await findPromotionById(db, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  const lastActivity = row.ownerActiveAt
  const active = recent(lastActivity, now)
  return { active, lastActivity: lastActivity?.toISOString() ?? null }
}
