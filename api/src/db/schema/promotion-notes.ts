import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/** Promotion notes (001 §3 "Promotion note: id, note, promotion_id"), the customer's own jottings. */
export const promotionNotes = app.table(
  'promotion_notes',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotion_notes_promotion_idx').on(t.promotionId, t.id)],
)

export type PromotionNoteRow = typeof promotionNotes.$inferSelect
