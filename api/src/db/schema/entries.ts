import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { EntryFormFields, EntryFlag } from '@permitdesk/shared'
import { draws } from './draws'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/**
 * The entry form of a promotion (issue 27): which fields it asks, receipts on or off, the
 * promoter's staff domains (excluded), and whether it is open. `code` is public (`/enter/{code}/`).
 * `frozenDrawId` is the draw its entries were frozen into at the close.
 */
export const entryForms = app.table(
  'entry_forms',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .unique()
      .references(() => promotions.id),
    code: text('code').notNull().unique(),
    fields: jsonb('fields')
      .$type<EntryFormFields>()
      .notNull()
      .default({} as EntryFormFields),
    receipts: boolean('receipts').notNull().default(false),
    staffDomains: jsonb('staff_domains').$type<string[]>().notNull().default([]),
    status: text('status').$type<'open' | 'closed' | 'frozen'>().notNull().default('closed'),
    frozenDrawId: integer('frozen_draw_id').references(() => draws.id),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When screening last ran over the entries (issue 27). */
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('entry_forms_status_check', sql`${t.status} in ('open', 'closed', 'frozen')`)],
)

/** PostgreSQL's bytea (drizzle 0.45 has no builder of its own for it). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * One accepted entry. The entry number shown to the entrant is `id` (bigserial: no counter row to
 * contend on at 1,500 entries/s). `fields` holds what was submitted; the `*_norm` columns are the
 * screening keys (`shared/src/entries/normalise.ts`), null when absent. `personKey` is the key the
 * per-day limit counts on (normalised e-mail, else phone). IPs and devices are stored only as
 * salted hashes. `flags`/`decision*` belong to screening.
 */
export const entries = app.table(
  'entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    channel: text('channel').$type<'form' | 'embed' | 'api' | 'import'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Sydney calendar day of `receivedAt` (the per-day limit's day). */
    sydneyDay: date('sydney_day', { mode: 'string' }).notNull(),
    fields: jsonb('fields').$type<Record<string, string | boolean>>().notNull(),
    emailNorm: text('email_norm'),
    phoneNorm: text('phone_norm'),
    namePostcodeNorm: text('name_postcode_norm'),
    personKey: text('person_key'),
    ipHash: text('ip_hash'),
    deviceHash: text('device_hash'),
    status: text('status').$type<'accepted'>().notNull().default('accepted'),
    flags: jsonb('flags').$type<EntryFlag[]>().notNull().default([]),
    decision: text('decision').$type<'keep' | 'exclude'>(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The T&C clause a decision cites (the draw's public record names it). */
    decisionClause: text('decision_clause'),
    /** Retention: the personal fields were replaced by hashes (issue 27, the rules issue's retention job). */
    personalDataDeletedAt: timestamp('personal_data_deleted_at', { withTimezone: true }),
    apiKeyId: integer('api_key_id'),
    idempotencyKey: text('idempotency_key'),
    /** This entry's place among its person's entries of the Sydney day (1..entriesPerDay; unique), null without a limit. */
    daySeq: smallint('day_seq'),
    /**
     * The entry's row of the draw's canonical file after its entry number, masked, with its `\n`
     * (`,J. S.,j***@example.com,**** *** 678,NSW,2000\n`): written at arrival, so the freeze streams
     * `id || canonical`. Null for rows from before 0043 (the freeze fills them) and after retention.
     */
    canonical: text('canonical'),
    /**
     * The entry's Merkle leaf (DESIGN.md §5a: SHA-256(0x00 ‖ `id || canonical` without its `\n`)),
     * computed by PostgreSQL on every write of `canonical` (0048), null with it: the freeze streams
     * the leaves with the rows, so its worker hashes only the levels above them.
     */
    leaf: bytea('leaf').generatedAlwaysAs(sql`sha256('\\x00'::bytea || decode(replace("id"::text || left("canonical", -1), '\\', '\\\\'), 'escape'))`),
  },
  (t) => [
    // INCLUDE (decision, canonical, leaf) in the migrations (0043, 0048; drizzle's index builder cannot say it): the freeze's index-only scan.
    index('entries_promotion_id_idx').on(t.promotionId, t.id),
    index('entries_promotion_email_idx').on(t.promotionId, t.emailNorm),
    index('entries_promotion_phone_idx').on(t.promotionId, t.phoneNorm),
    uniqueIndex('entries_person_day_seq_idx').on(t.promotionId, t.personKey, t.sydneyDay, t.daySeq),
    index('entries_promotion_name_postcode_idx').on(t.promotionId, t.namePostcodeNorm),
    index('entries_promotion_ip_time_idx').on(t.promotionId, t.ipHash, t.receivedAt, t.id).where(sql`${t.ipHash} is not null`),
    index('entries_promotion_device_time_idx').on(t.promotionId, t.deviceHash, t.receivedAt, t.id).where(sql`${t.deviceHash} is not null`),
    // The freeze's probe for rows whose canonical row is not stored (few or none once filled).
    index('entries_canonical_missing_idx').on(t.promotionId, t.id).where(sql`${t.canonical} is null`),
    index('entries_promotion_flagged_idx').on(t.promotionId, t.id).where(sql`${t.flags} <> '[]'::jsonb`),
    // The freeze's count of the excluded entries by reason (few): not a scan of every promotion's entries (0046).
    index('entries_promotion_excluded_idx').on(t.promotionId).where(sql`${t.decision} = 'exclude'`),
    // NULLS NOT DISTINCT in the migration (drizzle's index builder cannot say it): a caller without a key shares the null namespace.
    uniqueIndex('entries_api_idempotency_idx').on(t.promotionId, t.apiKeyId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    check('entries_channel_check', sql`${t.channel} in ('form', 'embed', 'api', 'import')`),
    check('entries_status_check', sql`${t.status} in ('accepted')`),
    check('entries_decision_check', sql`${t.decision} is null or ${t.decision} in ('keep', 'exclude')`),
  ],
)

/** Refusals per promotion, reason and Sydney day, shown to the promoter. */
export const entryRefusals = app.table(
  'entry_refusals',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    reason: text('reason').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.reason, t.day] })],
)

export type EntryFormRow = typeof entryForms.$inferSelect
export type EntryRow = typeof entries.$inferSelect

/**
 * The receipt file attached to an entry (issue 27): its bytes are in storage at `storageKey`
 * (under entry-files/{promotion}/); `userId` is the promotion's owner, whose upload quota it
 * counts against. Gone with the entry's personal data.
 */
export const entryFiles = app.table(
  'entry_files',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entry_files_promotion_id_idx').on(t.promotionId), index('entry_files_user_id_idx').on(t.userId)],
)
export type EntryFileRow = typeof entryFiles.$inferSelect
