import { boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/**
 * A clause library snapshot (issue 14), kept for good and keyed by its hash, so every T&C
 * version names exactly the clauses it was generated from even after editors change the CMS.
 */
export const termsLibraries = app.table('terms_libraries', {
  hash: text('hash').primaryKey(),
  clauses: jsonb('clauses').$type<unknown[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A numbered version of a promotion's terms and conditions. Versions are never changed, except
 * that approving one records who and when. Staff edits and regenerations are new versions.
 */
export const termsVersions = app.table(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** `chance` or `skill`: the full terms' kind. */
    kind: text('kind').notNull(),
    /** The full terms as an HTML fragment (escaped, or staff HTML sanitised on save). */
    html: text('html').notNull(),
    /** The abridged form (addendum Y) when abridged T&Cs are a service; else null. */
    abridgedHtml: text('abridged_html'),
    /** `generated`, `staff-edit` or `permit-numbers`. */
    reason: text('reason').notNull(),
    /** The clause library snapshot it was generated from (null for a staff edit of text). */
    libraryHash: text('library_hash').references(() => termsLibraries.hash),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByStaff: boolean('created_by_staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('terms_versions_number_idx').on(t.promotionId, t.number), index('terms_versions_approved_idx').on(t.promotionId, t.approvedAt)],
)

/** The permanent short code of a promotion's hosted T&Cs page (`/t/{code}/`). */
export const termsLinks = app.table('terms_links', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type TermsVersionRow = typeof termsVersions.$inferSelect
