import { AppError, MSG_OBLIGATION_UNKNOWN, MSG_OBLIGATION_UPLOAD_UNKNOWN } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findUploadsOwnedBy } from '../upload/upload.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { listObligations } from './get-obligations'
import { upsertObligationProof } from './rules.repository'

export type CloseObligationInput = { id: number; code: string; serverFileName?: string; link?: string; note?: string }

/**
 * POST /api/promotion/closeObligation (issue #30): marks a duty of the calendar done with its
 * proof, an upload of the promotion's owner (POST /api/Upload first) or a link. Closing again
 * replaces the proof. Answers the calendar.
 */
export async function closeObligation(db: Db, owner: Owner, input: CloseObligationInput) {
  const current = await listObligations(db, owner, input.id)
  if (!current.obligations.some((o) => o.code === input.code))
    throw new AppError('VALIDATION', MSG_OBLIGATION_UNKNOWN, { modelState: { code: [MSG_OBLIGATION_UNKNOWN] } })
  const row = (await findPromotion(db, owner, input.id))!
  let proof: { kind: 'upload' | 'link'; reference: string; label: string | null }
  if (input.serverFileName) {
    // Only a file of the promotion's owner (staff may attach the owner's upload).
    const [upload] = await findUploadsOwnedBy(db, [input.serverFileName], [row.userId, owner.userId])
    if (!upload) throw new AppError('VALIDATION', MSG_OBLIGATION_UPLOAD_UNKNOWN, { modelState: { serverFileName: [MSG_OBLIGATION_UPLOAD_UNKNOWN] } })
    proof = { kind: 'upload', reference: upload.serverFileName, label: upload.headerFileName }
  } else {
    proof = { kind: 'link', reference: input.link!, label: null }
  }
  await upsertObligationProof(db, { promotionId: row.id, code: input.code, ...proof, note: input.note || null, closedBy: owner.userId })
  return listObligations(db, owner, input.id)
}
