/** The only module that writes SQL for compliance notes (001 §3 "compliance note (promotionId, categorySlug, text)"). */
import { asc, eq } from 'drizzle-orm'
import { complianceNotes, type ComplianceNoteRow } from '../../db/schema/compliance-notes'
import type { DbOrTx } from '../changelog/changelog.repository'

/** A promotion's compliance notes, oldest first. */
export async function findComplianceNotes(db: DbOrTx, promotionId: number): Promise<ComplianceNoteRow[]> {
  return db.select().from(complianceNotes).where(eq(complianceNotes.promotionId, promotionId)).orderBy(asc(complianceNotes.createdAt), asc(complianceNotes.id))
}

export async function findComplianceNote(db: DbOrTx, id: number): Promise<ComplianceNoteRow | undefined> {
  const [row] = await db.select().from(complianceNotes).where(eq(complianceNotes.id, id))
  return row
}

export async function insertComplianceNote(
  db: DbOrTx,
  values: { promotionId: number; categorySlug: string; text: string; createdBy: number },
): Promise<ComplianceNoteRow> {
  const [row] = await db.insert(complianceNotes).values(values).returning()
  return row!
}

/** Deletes the note; false when there was none with that id. */
export async function deleteComplianceNote(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db.delete(complianceNotes).where(eq(complianceNotes.id, id)).returning({ id: complianceNotes.id })
  return deleted.length > 0
}
