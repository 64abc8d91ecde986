/**
 * POST /api/admin/waiveServicePayment (issue 22, staff): a paid service is delivered before its
 * payment only by a recorded decision: the waiver and its reason are a changelog line, which
 * `requireServicePaid` reads (decision record 019).
 */
import { AppError, type PaidService } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'

export async function waiveServicePayment(db: Db, staff: Owner, input: { id: number; service: PaidService; reason: string }) {
  if (!staff.isStaff) throw new AppError('FORBIDDEN')
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'waiveServicePayment',
      changes: { service: { from: null, to: input.service }, reason: { from: null, to: input.reason } },
    })
    return { id: row.id, service: input.service, waived: true as const }
  })
}
