import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toComplianceNoteView, type ComplianceNoteView } from './compliance-note-view'
import { findComplianceNotes } from './compliance-notes.repository'

/** GET /api/ComplianceNote/get (001 §7): the notes on a promotion, oldest first, for its owner or staff. */
export async function getComplianceNotes(db: Db, owner: Owner, promotionId: number): Promise<ComplianceNoteView[]> {
  const promotion = await findPromotion(db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return (await findComplianceNotes(db, promotion.id)).map(toComplianceNoteView)
}
