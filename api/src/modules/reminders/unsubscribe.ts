import { AppError, MSG_RESUBSCRIBED, MSG_UNSUBSCRIBE_LINK_INVALID, MSG_UNSUBSCRIBED } from '@permitdesk/shared'
import type { Database } from '../../db/client'
import type { Config } from '../../env'
import type { SessionUser } from '../account/session-user'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { normaliseEmail } from './distribution-lists'
import { deleteUnsubscribe, findPromotionWithOwner, insertUnsubscribe } from './reminders.repository'
import { isValidUnsubscribeToken } from './unsubscribe-token'

export type UnsubscribeDeps = { config: Pick<Config, 'SESSION_SECRET'>; database: Database }

/**
 * POST /api/unsubscribe/frompromotion: from the link of a reminder (signed token, no sign-in),
 * or by the signed-in owner for their own address. A wrong token is 404, as a missing promotion.
 */
export async function unsubscribeFromPromotion(
  deps: UnsubscribeDeps,
  user: SessionUser | undefined,
  input: { promotionId: number; email: string; token?: string },
) {
  const email = normaliseEmail(input.email)
  const byLink = input.token ? await isValidUnsubscribeToken(deps, input.promotionId, email, input.token) : false
  const byOwner =
    !byLink && user
      ? (await findPromotion(deps.database.db, { userId: user.id, isStaff: false }, input.promotionId)) !== undefined && normaliseEmail(user.email) === email
      : false
  if (!byLink && !byOwner) throw new AppError('NOT_FOUND', MSG_UNSUBSCRIBE_LINK_INVALID)
  const found = await findPromotionWithOwner(deps.database.db, input.promotionId)
  if (!found) throw new AppError('NOT_FOUND', MSG_UNSUBSCRIBE_LINK_INVALID)
  await deps.database.db.transaction(async (tx) => {
    await insertUnsubscribe(tx, input.promotionId, email)
    await insertChange(tx, {
      promotionId: input.promotionId,
      userId: user?.id ?? null,
      entity: 'promotion',
      entityId: input.promotionId,
      action: 'unsubscribe',
      changes: { unsubscribed: { from: null, to: email } },
    })
  })
  return { promotionId: input.promotionId, email, unsubscribed: true, message: MSG_UNSUBSCRIBED }
}

/** POST /api/unsubscribe/resubscribeToPromotion: the account holder receives the promotion's reminders again. */
export async function resubscribeToPromotion(deps: UnsubscribeDeps, user: SessionUser, promotionId: number) {
  const promotion = await findPromotion(deps.database.db, { userId: user.id, isStaff: user.isStaff }, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  const found = (await findPromotionWithOwner(deps.database.db, promotionId))!
  const email = normaliseEmail(found.ownerEmail)
  await deps.database.db.transaction(async (tx) => {
    await deleteUnsubscribe(tx, promotionId, email)
    await insertChange(tx, {
      promotionId,
      userId: user.id,
      entity: 'promotion',
      entityId: promotionId,
      action: 'resubscribe',
      changes: { unsubscribed: { from: email, to: null } },
    })
  })
  return { promotionId, unsubscribed: false, message: MSG_RESUBSCRIBED }
}
