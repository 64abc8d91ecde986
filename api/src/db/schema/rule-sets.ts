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

/** A staff legal hold (issue #30): while it stands, personal-data retention skips the promotion. */
export const legalHolds = app.table('legal_holds', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  placedBy: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
})

export type LegalHoldRow = typeof legalHolds.$inferSelect

/** What the retention job deleted of a promotion's entrants' data, and the certificate it issued (one per promotion). */
export type RetentionDetails = {
  draws: {
    drawId: number
    publicId: string
    entryCount: number | null
    entriesHash: string | null
    entriesRoot: string | null
    leavesFile: string | null
    winners: number
  }[]
  attachments: { code: string; userFileName: string | null }[]
  /** Rows of collected entries deleted (the entries module's deleteEntrantData), null where it is not wired. */
  collectedEntries: number | null
  source: { title: string; url: string; dateRead: string; verified: boolean } | null
  rule: string
}

export const retentionDeletions = app.table('retention_deletions', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  ruleSetId: text('rule_set_id').notNull(),
  ruleKey: text('rule_key').notNull(),
  keepUntil: date('keep_until', { mode: 'string' }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  /** The deletion certificate: an upload of the promotion's owner (server file name). */
  certificateFile: text('certificate_file'),
  details: jsonb('details').$type<RetentionDetails>().notNull(),
})

export type RetentionDeletionRow = typeof retentionDeletions.$inferSelect
