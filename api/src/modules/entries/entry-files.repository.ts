/** SQL of entries' receipt files (issue 27). */
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../changelog/changelog.repository'
import { entryFiles, type EntryFileRow } from '../../db/schema/entries'
import { promotions } from '../../db/schema/promotions'

export async function insertEntryFile(db: DbOrTx, values: typeof entryFiles.$inferInsert): Promise<void> {
  await db.insert(entryFiles).values(values)
}

/** An entry's receipt file, if the entry is in a promotion the caller owns (staff: any). */
export async function findEntryFileFor(db: DbOrTx, owner: { userId: number; isStaff: boolean }, entryId: number): Promise<EntryFileRow | undefined> {
  const [row] = await db
    .select({ file: entryFiles })
    .from(entryFiles)
    .innerJoin(promotions, eq(promotions.id, entryFiles.promotionId))
    .where(and(eq(entryFiles.entryId, entryId), owner.isStaff ? undefined : eq(promotions.userId, owner.userId), eq(promotions.deleted, false)))
  return row?.file
}

/** Which of these entries have a receipt file (the entries table links them). */
export async function entryIdsWithFiles(db: DbOrTx, entryIds: number[]): Promise<Set<number>> {
  if (entryIds.length === 0) return new Set()
  const rows = await db.select({ entryId: entryFiles.entryId }).from(entryFiles).where(inArray(entryFiles.entryId, entryIds))
  return new Set(rows.map((r) => r.entryId))
}

/** Retention: the promotion's receipt files are no longer anyone's (their bytes are removed after the commit). */
export async function deleteEntryFilesOfPromotion(db: DbOrTx, promotionId: number): Promise<number> {
  const rows = await db.delete(entryFiles).where(eq(entryFiles.promotionId, promotionId)).returning({ entryId: entryFiles.entryId })
  return rows.length
}
