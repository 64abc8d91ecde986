import { AppError, type ComplianceNoteCreate } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toComplianceNoteView, type ComplianceNoteView } from './compliance-note-view'
import { insertComplianceNote } from './compliance-notes.repository'

/**
 * POST /api/ComplianceNote/create (001 §7), staff only (the route checks): a note under one
 * compliance category (TA–TO, RA–RH, upper case) on an existing promotion.
 */
export async function createComplianceNote(db: Db, staff: Owner, input: ComplianceNoteCreate): Promise<ComplianceNoteView> {
  return db.transaction(async (tx) => {
    // Lock the promotion row so it cannot be removed between the check and the insert.
    const promotion = await findPromotion(tx, staff, input.promotionId, { forUpdate: true })
    if (!promotion) throw new AppError('NOT_FOUND')
    const row = await insertComplianceNote(tx, { promotionId: promotion.id, categorySlug: input.categorySlug, text: input.text, createdBy: staff.userId })
    return toComplianceNoteView(row)
  })
}
