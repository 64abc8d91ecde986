import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/** One selected entry of a run: winners then reserves. `rootIndex` is its index in the chain's original entries. */
/** A hosted winner publication; `positions` are the prize positions it lists (missing on records from before per-prize publication: all). */
export type StoredWinnerPublication = { state: 'ACT' | 'SA'; publishAt: string; publishedAt: string | null; positions?: number[] }

export type DrawSelection = { position: number; entryIndex: number; rootIndex: number; entry: string; reserve: boolean }

/**
 * A random draw (issue 15, DESIGN.md §5a). Records are never deleted, and the promotion name and
 * promoter are copied in, so the public record outlives the promotion. A redraw has `parentId`
 * and `rootId`, and excludes the chain's earlier winners (`excludedRootIndexes`).
 */
export const draws = app.table(
  'draws',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    rootId: integer('root_id'),
    title: text('title').notNull(),
    promotionName: text('promotion_name').notNull(),
    promoterName: text('promoter_name').notNull(),
    winners: integer('winners').notNull(),
    reserves: integer('reserves').notNull().default(0),
    /** Cents: the value of each winner position's prize as the owner gave it (index 0 = position 1), for per-prize publication. */
    prizeValues: jsonb('prize_values').$type<(number | null)[]>().notNull().default([]),
    maskRule: text('mask_rule').notNull().default('standard'),
    drawDate: text('draw_date'),
    drawTime: text('draw_time'),
    drawLocation: text('draw_location'),
    scrutineerRequired: boolean('scrutineer_required').notNull().default(false),
    scrutineerName: text('scrutineer_name'),
    /** Storage key of the canonical entries (header excluded). */
    entriesKey: text('entries_key'),
    entryCount: integer('entry_count'),
    entriesHash: text('entries_hash'),
    entriesBytes: bigint('entries_bytes', { mode: 'number' }),
    header: jsonb('header').$type<string[]>(),
    /** Byte offset of every ROW_BLOCK-th canonical row, so a run reads only the blocks it needs. */
    rowOffsets: jsonb('row_offsets').$type<number[]>().notNull().default([]),
    /**
     * When set, the storage object `<entriesKey>.rows` holds the byte offset of every
     * `rowIndexEvery`-th canonical row (float64 little-endian), a finer index than rowOffsets.
     */
    rowIndexEvery: integer('row_index_every'),
    sourceFileName: text('source_file_name'),
    excludedRootIndexes: jsonb('excluded_root_indexes').$type<number[]>().notNull().default([]),
    /** base64url of iv (12) | tag (16) | AES-256-GCM ciphertext of the 32 seed bytes. */
    seedEncrypted: text('seed_encrypted'),
    seedHash: text('seed_hash'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** Merkle root over the canonical rows (DESIGN.md §5a), computed and published at the commit. */
    entriesRoot: text('entries_root'),
    /** A cancelled draw stays on the record with its reason; it can no longer change or run. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * `runAt`: the draw's scheduled time, before which its owner cannot run it (issue 23). A
     * `scheduled` draw also commits at upload close (the promotion's end) and runs by itself then.
     */
    scheduled: boolean('scheduled').notNull().default(false),
    commitAt: timestamp('commit_at', { withTimezone: true }),
    runAt: timestamp('run_at', { withTimezone: true }),
    /** Hosted winner publication (ACT, SA): when each is due and when it went live. */
    winnerPublications: jsonb('winner_publications').$type<StoredWinnerPublication[]>().notNull().default([]),
    /** Issue 27: why entries frozen from the product's own entries were left out ("1,204 entries excluded as duplicates under clause 7 of the T&Cs"). */
    exclusionLines: text('exclusion_lines').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draws_promotion_idx').on(t.promotionId),
    index('draws_root_idx').on(t.rootId),
    // A commit needs entries, a hash and a seed; the DB refuses anything less.
    check(
      'draws_commit_complete',
      sql`${t.committedAt} is null or (${t.entriesHash} is not null and ${t.seedEncrypted} is not null and ${t.seedHash} is not null)`,
    ),
    check('draws_cancel_reason', sql`${t.cancelledAt} is null or ${t.cancelReason} is not null`),
    check('draws_counts', sql`${t.winners} >= 1 and ${t.reserves} >= 0`),
  ],
)

/**
 * The result of a draw: at most one per draw (primary key), so no call, staff included, can record
 * a second result.
 */
export const drawResults = app.table('draw_results', {
  drawId: integer('draw_id')
    .primaryKey()
    .references(() => draws.id),
  seedHex: text('seed_hex').notNull(),
  selections: jsonb('selections').$type<DrawSelection[]>().notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  ranByUserId: integer('ran_by_user_id'),
  scrutineerName: text('scrutineer_name'),
  /** Staff ran the draw before its scheduled time: why (shown on the public record and certificate). */
  earlyRunReason: text('early_run_reason'),
})

export type DrawRow = typeof draws.$inferSelect
export type DrawResultRow = typeof drawResults.$inferSelect
