import { date, integer, jsonb, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import type { RuleSet } from '@permitdesk/shared'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/**
 * Rule sets staff published (issue #30): the whole set as published (figures and sources), in
 * force from `effectiveFrom`. The specification's set is built in and needs no row.
 */
export const ruleSetPublications = app.table('rule_set_publications', {
  id: serial('id').primaryKey(),
  ruleSetId: text('rule_set_id').notNull().unique(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  definition: jsonb('definition').$type<RuleSet>().notNull(),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
})

export type RuleSetPublicationRow = typeof ruleSetPublications.$inferSelect

/** A compliance calendar duty closed with proof: an upload (its server file name) or a link. */
export const obligationProofs = app.table(
  'obligation_proofs',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').$type<'upload' | 'link'>().notNull(),
    reference: text('reference').notNull(),
    label: text('label'),
    note: text('note'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('obligation_proofs_promotion_code_unique').on(t.promotionId, t.code)],
)

export type ObligationProofRow = typeof obligationProofs.$inferSelect
