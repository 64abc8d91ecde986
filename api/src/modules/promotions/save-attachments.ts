import type { SaveAttachments } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { promotionIdOf } from './application-fields'
import { resolveAttachments } from './resolve-attachments'
import type { PromotionChecks } from './promotion-checks'
import { lockForEdit, promotionResponse, writeApplication, type Actor } from './save-promotion'

/** POST /api/promotion/saveAttachments (001 §7): the attachment list alone (after an upload, a reuse or a reset). */
export async function saveAttachments(db: Db, actor: Actor, input: SaveAttachments, checks: PromotionChecks) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber, checks)
    const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments)
    const after = await writeApplication(tx, actor, before, { attachments }, 'saveAttachments', checks)
    return promotionResponse(tx, after)
  })
}
