/**
 * /api/promotionNote/{get,save,delete} (001 §2 "Promotion notes popover", §7): the owner's notes on
 * a promotion. Every write is in the changelog.
 */
import { AppError, MSG_NOTE_REQUIRED } from '@permitdesk/shared'
import { z } from 'zod'
import type { Db } from '../../db/client'
import type { PromotionNoteRow } from '../../db/schema/promotion-notes'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { deleteNote, findNote, findNotes, insertNote, updateNote } from './promotion-notes.repository'

export const NOTE_MAX_LENGTH = 4000

/** POST save: a new note (no id) or an edit (id); `promotion_id` as the spec names it. */
export const PromotionNoteSaveSchema = z.object({
  id: RecordIdSchema.nullish(),
  note: z
    .string({ error: MSG_NOTE_REQUIRED })
    .trim()
    .min(1, { error: MSG_NOTE_REQUIRED })
    .max(NOTE_MAX_LENGTH, { error: `A note can be at most ${NOTE_MAX_LENGTH} characters.` }),
  promotion_id: RecordIdSchema,
})
export const PromotionNoteIdSchema = z.object({ id: RecordIdSchema })

export type PromotionNoteView = { id: number; note: string; promotion_id: number; createdAt: string; updatedAt: string }

function toView(row: PromotionNoteRow): PromotionNoteView {
  return { id: row.id, note: row.note, promotion_id: row.promotionId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

export async function getPromotionNotes(db: Db, owner: Owner, promotionId: number): Promise<PromotionNoteView[]> {
  const promotion = await findPromotion(db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return (await findNotes(db, promotionId)).map(toView)
}

export async function savePromotionNote(db: Db, owner: Owner, input: z.output<typeof PromotionNoteSaveSchema>): Promise<PromotionNoteView> {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotion_id)
    if (!promotion) throw new AppError('NOT_FOUND')
    if (input.id) {
      const before = await findNote(tx, owner, input.id)
      if (!before || before.promotionId !== promotion.id) throw new AppError('NOT_FOUND')
      const after = await updateNote(tx, before.id, input.note)
      await insertChange(tx, {
        promotionId: promotion.id,
        userId: owner.userId,
        entity: 'promotion-note',
        entityId: before.id,
        action: 'modify',
        changes: { note: { from: before.note, to: after.note } },
      })
      return toView(after)
    }
    const row = await insertNote(tx, { promotionId: promotion.id, userId: owner.userId, note: input.note })
    await insertChange(tx, {
      promotionId: promotion.id,
      userId: owner.userId,
      entity: 'promotion-note',
      entityId: row.id,
      action: 'create',
      changes: { note: { from: null, to: row.note } },
    })
    return toView(row)
  })
}

export async function deletePromotionNote(db: Db, owner: Owner, { id }: z.output<typeof PromotionNoteIdSchema>): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = await findNote(tx, owner, id)
    if (!before) throw new AppError('NOT_FOUND')
    await deleteNote(tx, id)
    await insertChange(tx, {
      promotionId: before.promotionId,
      userId: owner.userId,
      entity: 'promotion-note',
      entityId: id,
      action: 'delete',
      changes: { note: { from: before.note, to: null } },
    })
    return { id }
  })
}
