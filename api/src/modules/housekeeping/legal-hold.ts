/**
 * Legal holds (issue #30): staff place one with a reason (a claim, a regulator's inquiry) and the
 * retention job skips the promotion until it is lifted, with a reason. Both go to the changelog.
 */
import { AppError, KEEP_RECORDS_CODE, MSG_LEGAL_HOLD_DATA_DELETED, MSG_LEGAL_HOLD_EXISTS, MSG_LEGAL_HOLD_NONE } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { listObligations } from '../rules/get-obligations'
import { deleteLegalHold, findLegalHold, findRetentionDeletion, insertLegalHold } from './retention.repository'

const STAFF = { userId: 0, isStaff: true }

/** GET /api/admin/legalHold?id=: the hold, the records date and any deletion (staff). */
export async function getLegalHold(db: DbOrTx, promotionId: number, now: Date = new Date()) {
  const calendar = await listObligations(db, STAFF, promotionId, now)
  const hold = await findLegalHold(db, promotionId)
  return {
    promotionId,
    onLegalHold: hold !== undefined,
    reason: hold?.reason ?? null,
    placedAt: hold?.placedAt.toISOString() ?? null,
    keepUntil: calendar.obligations.find((o) => o.code === KEEP_RECORDS_CODE)?.dueDate ?? null,
    dataDeletedAt: calendar.dataDeletedAt,
    certificateUrl: calendar.certificateUrl,
  }
}

export async function placeLegalHold(db: Db, staffUserId: number, input: { id: number; reason: string }) {
  await db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, { userId: staffUserId, isStaff: true }, input.id, { forUpdate: true })
    if (!promotion) throw new AppError('NOT_FOUND')
    // Nothing left to hold: the data went when its period ended.
    if (await findRetentionDeletion(tx, input.id)) throw new AppError('CONFLICT', MSG_LEGAL_HOLD_DATA_DELETED)
    if (!(await insertLegalHold(tx, { promotionId: input.id, reason: input.reason, placedBy: staffUserId })))
      throw new AppError('CONFLICT', MSG_LEGAL_HOLD_EXISTS)
    await insertChange(tx, {
      promotionId: input.id,
      userId: staffUserId,
      entity: 'promotion',
      entityId: input.id,
      action: 'place-legal-hold',
      changes: { legalHold: { from: null, to: input.reason } },
    })
  })
  return getLegalHold(db, input.id)
}

export async function liftLegalHold(db: Db, staffUserId: number, input: { id: number; reason: string }) {
  await db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, { userId: staffUserId, isStaff: true }, input.id, { forUpdate: true })
    if (!promotion) throw new AppError('NOT_FOUND')
    const lifted = await deleteLegalHold(tx, input.id)
    if (!lifted) throw new AppError('CONFLICT', MSG_LEGAL_HOLD_NONE)
    await insertChange(tx, {
      promotionId: input.id,
      userId: staffUserId,
      entity: 'promotion',
      entityId: input.id,
      action: 'lift-legal-hold',
      changes: { legalHold: { from: lifted.reason, to: `lifted: ${input.reason}` } },
    })
  })
  return getLegalHold(db, input.id)
}
