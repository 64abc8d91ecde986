import { and, asc, eq } from 'drizzle-orm'
import { promotionNotes, type PromotionNoteRow } from '../../db/schema/promotion-notes'
import { promotions } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'
import type { Owner } from '../promotions/promotions.repository'

/** A note with its promotion's owner, if `owner` may see that promotion. */
export async function findNote(db: DbOrTx, owner: Owner, noteId: number): Promise<PromotionNoteRow | undefined> {
  const [row] = await db
    .select({ note: promotionNotes })
    .from(promotionNotes)
    .innerJoin(promotions, eq(promotions.id, promotionNotes.promotionId))
    .where(
      owner.isStaff ? eq(promotionNotes.id, noteId) : and(eq(promotionNotes.id, noteId), eq(promotions.userId, owner.userId), eq(promotions.deleted, false)),
    )
  return row?.note
}

export async function findNotes(db: DbOrTx, promotionId: number): Promise<PromotionNoteRow[]> {
  return db.select().from(promotionNotes).where(eq(promotionNotes.promotionId, promotionId)).orderBy(asc(promotionNotes.id))
}

export async function insertNote(db: DbOrTx, values: { promotionId: number; userId: number; note: string }): Promise<PromotionNoteRow> {
  const [row] = await db.insert(promotionNotes).values(values).returning()
  return row!
}

export async function updateNote(db: DbOrTx, id: number, note: string): Promise<PromotionNoteRow> {
  const [row] = await db.update(promotionNotes).set({ note, updatedAt: new Date() }).where(eq(promotionNotes.id, id)).returning()
  return row!
}

export async function deleteNote(db: DbOrTx, id: number): Promise<void> {
  await db.delete(promotionNotes).where(eq(promotionNotes.id, id))
}
