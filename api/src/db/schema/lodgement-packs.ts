import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'

export type LodgementPackState = 'queued' | 'building' | 'ready' | 'failed'

/**
 * The lodgement pack of a promotion (issue 12), built by the `lodgement-pack` job: one row per
 * promotion, for the version last asked for. `step` of `total` is the progress while building
 * (each form, notice and attachment, then the zip); `error` is the reason of the last failed
 * attempt (kept while retrying, shown when it finally failed). The zip is in storage at
 * `storageKey` once ready.
 */
export const lodgementPacks = app.table('lodgement_packs', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id),
  version: integer('version').notNull(),
  state: text('state').$type<LodgementPackState>().notNull(),
  step: integer('step').notNull().default(0),
  total: integer('total').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  storageKey: text('storage_key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The rule set of the fees the pack's forms carry (set by a trigger, migration 0027). */
  ruleSetId: text('rule_set_id'),
})

export type LodgementPackRow = typeof lodgementPacks.$inferSelect
