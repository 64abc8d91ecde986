import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/** Staff compliance notes on a promotion, by category (001 §3 "compliance note (promotionId, categorySlug, text)"). */
export const complianceNotes = app.table(
  'compliance_notes',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    categorySlug: text('category_slug').notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compliance_notes_promotion_idx').on(t.promotionId, t.id)],
)

export type ComplianceNoteRow = typeof complianceNotes.$inferSelect
