/** The only SQL of personal-data retention and legal holds (issue #30). */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { drawResults, draws, type DrawResultRow, type DrawRow, type DrawSelection } from '../../db/schema/draws'
import { promotions } from '../../db/schema/promotions'
import { legalHolds, retentionDeletions, type LegalHoldRow, type RetentionDeletionRow } from '../../db/schema/rule-sets'
import { obligationProofs } from '../../db/schema/rule-sets'
import { uploads } from '../../db/schema/uploads'
import type { DbOrTx } from '../changelog/changelog.repository'

export async function findLegalHold(db: DbOrTx, promotionId: number): Promise<LegalHoldRow | undefined> {
  const [row] = await db.select().from(legalHolds).where(eq(legalHolds.promotionId, promotionId))
  return row
}

/** Places a hold; false when the promotion is held already (the primary key decides a race). */
export async function insertLegalHold(db: DbOrTx, values: { promotionId: number; reason: string; placedBy: number }): Promise<boolean> {
  const inserted = await db.insert(legalHolds).values(values).onConflictDoNothing({ target: legalHolds.promotionId }).returning({ id: legalHolds.promotionId })
  return inserted.length > 0
}

/** Lifts a hold; the row it removed, or undefined when there was none. */
export async function deleteLegalHold(db: DbOrTx, promotionId: number): Promise<LegalHoldRow | undefined> {
  const [row] = await db.delete(legalHolds).where(eq(legalHolds.promotionId, promotionId)).returning()
  return row
}

export async function findRetentionDeletion(db: DbOrTx, promotionId: number): Promise<RetentionDeletionRow | undefined> {
  const [row] = await db.select().from(retentionDeletions).where(eq(retentionDeletions.promotionId, promotionId))
  return row
}

/** Records the deletion; false when another process recorded it first (the job then undoes nothing, it only stops). */
export async function insertRetentionDeletion(db: DbOrTx, values: typeof retentionDeletions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(retentionDeletions)
    .values(values)
    .onConflictDoNothing({ target: retentionDeletions.promotionId })
    .returning({ id: retentionDeletions.promotionId })
  return inserted.length > 0
}

/** Promotions holding entrants' data (a draw with entries or results) whose data has not been deleted yet. */
export async function findRetentionCandidates(db: DbOrTx, limit = 200): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select p.id from app.promotions p
     where exists (select 1 from app.draws d where d.promotion_id = p.id)
       and not exists (select 1 from app.retention_deletions r where r.promotion_id = p.id)
     order by p.id
     limit ${limit}`)
  return rows.rows.map((row) => Number(row.id))
}

/** Every draw of a promotion with its result, oldest first; locked in a transaction so a run cannot slip in. */
export async function findDrawsForRetention(db: DbOrTx, promotionId: number): Promise<{ draw: DrawRow; result: DrawResultRow | null }[]> {
  const found = await db.select().from(draws).where(eq(draws.promotionId, promotionId)).orderBy(asc(draws.id)).for('update')
  if (found.length === 0) return []
  const results = await db
    .select()
    .from(drawResults)
    .where(
      inArray(
        drawResults.drawId,
        found.map((d) => d.id),
      ),
    )
  return found.map((draw) => ({ draw, result: results.find((r) => r.drawId === draw.id) ?? null }))
}

/** The entries file is gone (its leaf hashes kept elsewhere): no download, lookup or row index reads it again. */
export async function clearDrawEntries(db: DbOrTx, drawId: number): Promise<void> {
  await db
    .update(draws)
    .set({ entriesKey: null, rowOffsets: [], rowIndexEvery: null })
    .where(and(eq(draws.id, drawId), isNotNull(draws.entriesKey)))
}

export async function replaceDrawSelections(db: DbOrTx, drawId: number, selections: DrawSelection[]): Promise<void> {
  await db.update(drawResults).set({ selections }).where(eq(drawResults.drawId, drawId))
}

/** Replaces a promotion's attachment list (the draws' winners and entries copies removed) without a version bump: the application did not change. */
export async function setAttachmentsForRetention(db: DbOrTx, promotionId: number, attachments: Record<string, unknown>[]): Promise<void> {
  await db.update(promotions).set({ attachments, updatedAt: sql`now()` }).where(eq(promotions.id, promotionId))
}

export async function deleteUploadRows(db: DbOrTx, serverFileNames: string[]): Promise<void> {
  if (serverFileNames.length === 0) return
  await db.delete(uploads).where(inArray(uploads.serverFileName, serverFileNames))
}

/** The records duty is done: its proof is the deletion certificate. */
export async function closeRecordsDuty(
  db: DbOrTx,
  values: { promotionId: number; code: string; reference: string; label: string; note: string },
): Promise<void> {
  await db
    .insert(obligationProofs)
    .values({ ...values, kind: 'upload', closedBy: null })
    .onConflictDoUpdate({
      target: [obligationProofs.promotionId, obligationProofs.code],
      set: { kind: 'upload', reference: values.reference, label: values.label, note: values.note, closedBy: null, closedAt: new Date() },
    })
}
