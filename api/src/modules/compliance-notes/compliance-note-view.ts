import type { ComplianceNoteRow } from '../../db/schema/compliance-notes'

/** A compliance note on the wire (001 §3): who wrote it stays in the database. */
export type ComplianceNoteView = { id: number; promotionId: number; categorySlug: string; text: string; createdAt: string }

export function toComplianceNoteView(row: ComplianceNoteRow): ComplianceNoteView {
  return { id: row.id, promotionId: row.promotionId, categorySlug: row.categorySlug, text: row.text, createdAt: row.createdAt.toISOString() }
}
