import { AppError, MSG_LAWYER_CONTACT_NEXT_STEPS, promotionTitle } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, insertStaffTask, updatePromotion, type Owner } from './promotions.repository'

/**
 * POST /api/promotion/requestLawyerContact (001 §2, §7): flags the promotion and opens a staff
 * task. Asking twice opens no second task. The answer tells the customer what happens next.
 */
export async function requestLawyerContact(db: Db, owner: Owner, id: number) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    if (!before.lawyerContactRequested) {
      await updatePromotion(tx, id, { lawyerContactRequested: true })
      const task = await insertStaffTask(tx, {
        kind: 'lawyer-contact',
        note: `Lawyer contact requested for promotion #${id} (${promotionTitle(before.name)}).`,
        promotionId: id,
        requestedBy: owner.userId,
      })
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: 'promotion',
        entityId: id,
        action: 'request-lawyer-contact',
        changes: { lawyerContactRequested: { from: false, to: true }, staffTaskId: { from: null, to: task.id } },
      })
    }
    return { id, lawyerContactRequested: true as const, message: MSG_LAWYER_CONTACT_NEXT_STEPS }
  })
}
