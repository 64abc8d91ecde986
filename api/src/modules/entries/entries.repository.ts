/** The only module that writes SQL for entry collection (issue 27; STYLE.md: only repositories touch the database). */
import { and, asc, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'
import type { DbOrTx } from '../changelog/changelog.repository'
import { entries, entryForms, entryRefusals, type EntryFormRow, type EntryRow } from '../../db/schema/entries'
import { promotions, type PromotionRow } from '../../db/schema/promotions'
import { publishEvent } from '../../events/events'
import { canonicalAfterNumber } from './canonical-entry'

export async function findFormByPromotion(db: DbOrTx, promotionId: number): Promise<EntryFormRow | undefined> {
  const [row] = await db.select().from(entryForms).where(eq(entryForms.promotionId, promotionId))
  return row
}

/** The form and its promotion in one round trip (every submission reads both). */
export async function findFormWithPromotion(
  db: DbOrTx,
  where: { code: string } | { promotionId: number },
): Promise<{ form: EntryFormRow; promotion: PromotionRow } | undefined> {
  const condition = 'code' in where ? eq(entryForms.code, where.code) : eq(entryForms.promotionId, where.promotionId)
  const [row] = await db
    .select({ form: entryForms, promotion: promotions })
    .from(entryForms)
    .innerJoin(promotions, eq(promotions.id, entryForms.promotionId))
    .where(condition)
  return row
}

export async function insertForm(db: DbOrTx, values: typeof entryForms.$inferInsert): Promise<EntryFormRow> {
  const [row] = await db.insert(entryForms).values(values).onConflictDoNothing({ target: entryForms.promotionId }).returning()
  return row ?? (await findFormByPromotion(db, values.promotionId))!
}

export async function updateForm(db: DbOrTx, id: number, values: Partial<typeof entryForms.$inferInsert>): Promise<EntryFormRow> {
  const [row] = await db
    .update(entryForms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(entryForms.id, id))
    .returning()
  return row!
}

export type NewEntry = typeof entries.$inferInsert

/** An earlier entry of the same API submission (promotion, key, Idempotency-Key), if any. */
export async function findIdempotentEntry(
  db: DbOrTx,
  promotionId: number,
  apiKeyId: number | null,
  idempotencyKey: string,
): Promise<Pick<EntryRow, 'id' | 'receivedAt'> | undefined> {
  const [row] = await db
    .select({ id: entries.id, receivedAt: entries.receivedAt })
    .from(entries)
    // `=` or `is null`, not `is not distinct from`, so the unique index finds it (not a scan of the promotion's entries).
    .where(
      and(
        eq(entries.promotionId, promotionId),
        apiKeyId === null ? isNull(entries.apiKeyId) : eq(entries.apiKeyId, apiKeyId),
        eq(entries.idempotencyKey, idempotencyKey),
      ),
    )
  return row
}

/** The versions (xmin) of a form's and its promotion's rows: a process's cached rules are current while both are unchanged. */
export type RulesVersion = { formXmin: string; promotionXmin: string }

/** The form and its promotion, and their rows' versions (a cache of the rules checks them at every insert). */
export async function findFormRules(
  db: DbOrTx,
  where: { code: string } | { promotionId: number },
): Promise<{ form: EntryFormRow; promotion: PromotionRow; version: RulesVersion } | undefined> {
  const condition = 'code' in where ? eq(entryForms.code, where.code) : eq(entryForms.promotionId, where.promotionId)
  const [row] = await db
    .select({ form: entryForms, promotion: promotions, formXmin: sql<string>`${entryForms}.xmin::text`, promotionXmin: sql<string>`${promotions}.xmin::text` })
    .from(entryForms)
    .innerJoin(promotions, eq(promotions.id, entryForms.promotionId))
    .where(condition)
  return row && { form: row.form, promotion: row.promotion, version: { formXmin: row.formXmin, promotionXmin: row.promotionXmin } }
}

/**
 * One entry, one statement (one round trip, autocommitted before the answer): an API submission's
 * earlier entry with the same Idempotency-Key is answered instead; the form's row is
 * key-share locked and must still be in one of `formStatuses` (a freeze locks it for update, so it
 * waits for entries already past their checks, and an entry after it sees it frozen); with
 * `version`, the form and promotion rows must be the ones the rules were checked against; the
 * day's earlier entries of the person are counted and the entry takes the next place of the day
 * (`day_seq`, unique: two racing for the last place cannot both take it). The answer says which
 * check stopped it; `conflict` is a unique index (a racing same-person entry or Idempotency-Key).
 */
export const INSERT_ENTRY = `with earlier as (
  select id, received_at from app.entries where $15::text is not null and $14::int is not null and promotion_id = $1 and api_key_id = $14 and idempotency_key = $15
  union all
  select id, received_at from app.entries where $15::text is not null and $14::int is null and promotion_id = $1 and api_key_id is null and idempotency_key = $15
), form as (
  select f.status, ($16::text is null or (f.xmin::text = $16::text and p.xmin::text = $17::text)) as current
    from app.entry_forms f join app.promotions p on p.id = f.promotion_id
   where f.promotion_id = $1
     for key share of f
), prior as (
  select count(*)::int as n from app.entries where $3::int is not null and promotion_id = $1 and person_key = $4 and sydney_day = $5::date
), inserted as (
  insert into app.entries (promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash, api_key_id, idempotency_key, day_seq, canonical)
  select $1, $6, $7, $5::date, $8::jsonb, $9, $10, $11, $4, $12, $13, $14, $15, case when $3::int is null then null else prior.n + 1 end, $18
    from form, prior
   where form.current and form.status = any($2::text[]) and ($3::int is null or prior.n < $3::int) and not exists (select 1 from earlier)
  on conflict do nothing
  returning id, received_at
)
select (select status from form) as status, (select current from form) as current, (select n from prior) as n, inserted.id, inserted.received_at,
       earlier.id as earlier_id, earlier.received_at as earlier_received_at
  from (select 1) as one left join inserted on true left join earlier on true`

type InsertAnswer = {
  status: string | null
  current: boolean | null
  n: number
  id: string | number | null
  received_at: Date | null
  earlier_id: string | number | null
  earlier_received_at: Date | null
}

/**
 * Inserts an entry within the per-day limit (see INSERT_ENTRY). `undefined` when the limit is
 * reached; `'closed'` when the form is not open; `'stale'` when `version` is not the rows' now;
 * `replayed` when an API submission with the same Idempotency-Key came first. With `receipt`, the
 * receipt's outbox event is written in the same transaction.
 */
export async function insertEntryWithinLimit(
  database: Pick<Database, 'db' | 'pool'>,
  values: NewEntry & { sydneyDay: string },
  limit: number | null,
  receipt: boolean,
  formStatuses: readonly string[] = ['open'],
  version?: RulesVersion,
): Promise<{ id: number; receivedAt: Date; replayed: boolean } | 'closed' | 'stale' | undefined> {
  const counted = limit && values.personKey ? limit : null
  const params = [
    values.promotionId,
    formStatuses,
    counted,
    values.personKey ?? null,
    values.sydneyDay,
    values.channel,
    values.receivedAt ?? new Date(),
    JSON.stringify(values.fields),
    values.emailNorm ?? null,
    values.phoneNorm ?? null,
    values.namePostcodeNorm ?? null,
    values.ipHash ?? null,
    values.deviceHash ?? null,
    values.apiKeyId ?? null,
    values.idempotencyKey ?? null,
    version?.formXmin ?? null,
    version?.promotionXmin ?? null,
    // The entry's row of the draw's canonical file after its number (the freeze streams it as stored).
    canonicalAfterNumber(values.fields),
  ]
  // A same-person race for a place of the day loses on the unique index and counts again (a few times at most: the limit is small).
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = receipt ? await insertWithReceipt(database.db, params) : await insertGrouped(database.pool, params)
    if (answer.earlier_id !== null) return { id: Number(answer.earlier_id), receivedAt: new Date(answer.earlier_received_at!), replayed: true }
    if (answer.status === null || !formStatuses.includes(answer.status)) return 'closed'
    if (!answer.current) return 'stale'
    if (counted && answer.n >= counted) return undefined
    if (answer.id !== null) return { id: Number(answer.id), receivedAt: new Date(answer.received_at!), replayed: false }
    if (values.idempotencyKey) {
      const earlier = await findIdempotentEntry(database.db, values.promotionId, values.apiKeyId ?? null, values.idempotencyKey)
      if (earlier) return { ...earlier, replayed: true }
    }
  }
  throw new Error('entry insert: too many conflicting attempts')
}

/**
 * The statement, autocommitted, planned for its values each time (unnamed). A named statement gets
 * one generic plan per connection after five runs, kept for the connection's life: made while
 * app.entries was small or analysed empty (a new installation, the first seconds of a burst), it
 * reads the promotion's entries by a scan instead of the person's and the key's index, and every
 * later entry read every earlier one (the submit bench fell from 878 to 304 entries a second).
 */
async function insertOnce(pool: Database['pool'], params: unknown[]): Promise<InsertAnswer> {
  const { rows } = await pool.query<InsertAnswer>({ text: INSERT_ENTRY, values: params })
  return rows[0]!
}

type Waiting = { params: unknown[]; resolve: (answer: InsertAnswer) => void; reject: (error: unknown) => void }
type Group = { waiting: Waiting[]; lanes: number }
const groups = new WeakMap<Database['pool'], Group>()
/** Transactions storing entries at once (each on a connection of its own); later arrivals wait for the next. */
const GROUP_LANES = 4
const GROUP_MAX = 50

/**
 * Group commit: entries that arrive while others are being stored go together, each by its own
 * statement (its checks and answer exactly as alone; a later one sees the earlier ones), in one
 * transaction, so one WAL flush covers them all: on a busy disk the flush is most of an entry's
 * time. Every answer waits for the commit. A batch that fails before its commit (a deadlock with
 * another batch over the same entrants, a lost connection) is rolled back whole and its entries are
 * stored one by one, each committed alone; a failed commit fails them all (it may have committed).
 */
function insertGrouped(pool: Database['pool'], params: unknown[]): Promise<InsertAnswer> {
  let group = groups.get(pool)
  if (!group) groups.set(pool, (group = { waiting: [], lanes: 0 }))
  const joined = group
  return new Promise((resolve, reject) => {
    joined.waiting.push({ params, resolve, reject })
    if (joined.lanes < GROUP_LANES) void drain(pool, joined)
  })
}

async function drain(pool: Database['pool'], group: Group) {
  group.lanes += 1
  try {
    while (group.waiting.length > 0) {
      const batch = group.waiting.splice(0, GROUP_MAX)
      if (batch.length === 1) {
        await insertOnce(pool, batch[0]!.params).then(batch[0]!.resolve, batch[0]!.reject)
        continue
      }
      const stored = await insertBatch(
        pool,
        batch.map((w) => w.params),
      ).catch((error: unknown) => ({ error }))
      if (Array.isArray(stored)) batch.forEach((w, i) => w.resolve(stored[i]!))
      else if (stored.error instanceof CommitFailed) for (const w of batch) w.reject(stored.error.cause)
      else await Promise.all(batch.map((w) => insertOnce(pool, w.params).then(w.resolve, w.reject)))
    }
  } finally {
    group.lanes -= 1
  }
}

class CommitFailed extends Error {}

/** The statements of a batch in one transaction, committed before any answer. */
async function insertBatch(pool: Database['pool'], batch: unknown[][]): Promise<InsertAnswer[]> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('begin')
    const answers: InsertAnswer[] = []
    for (const params of batch) answers.push((await client.query<InsertAnswer>({ text: INSERT_ENTRY, values: params })).rows[0]!)
    try {
      await client.query('commit')
    } catch (error) {
      broken = true
      throw new CommitFailed('entry batch commit failed', { cause: error })
    }
    return answers
  } catch (error) {
    if (!broken) await client.query('rollback').catch(() => (broken = true))
    throw error
  } finally {
    client.release(broken)
  }
}

/** The same statement and the receipt's outbox event, in one transaction. */
async function insertWithReceipt(db: Db, params: unknown[]): Promise<InsertAnswer> {
  return db.transaction(async (tx) => {
    // INSERT_ENTRY's $n placeholders bound as drizzle parameters.
    const bound = sql.join(INSERT_ENTRY.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql.param(params[Number(part) - 1]) : sql.raw(part))))
    const { rows } = await tx.execute<InsertAnswer>(bound)
    const answer = rows[0]!
    if (answer.id !== null) await publishEvent(tx, 'entry.accepted', { entryId: Number(answer.id), promotionId: params[0] as number })
    return answer
  })
}

/** Counts one refusal of a promotion for a reason on a Sydney day. */
export async function countRefusal(db: DbOrTx, promotionId: number, reason: string, day: string): Promise<void> {
  await db
    .insert(entryRefusals)
    .values({ promotionId, reason, day, count: 1 })
    .onConflictDoUpdate({ target: [entryRefusals.promotionId, entryRefusals.reason, entryRefusals.day], set: { count: sql`${entryRefusals.count} + 1` } })
}

export async function refusalTotals(db: DbOrTx, promotionId: number): Promise<{ reason: string; count: number }[]> {
  return db
    .select({ reason: entryRefusals.reason, count: sql<number>`sum(${entryRefusals.count})::int` })
    .from(entryRefusals)
    .where(eq(entryRefusals.promotionId, promotionId))
    .groupBy(entryRefusals.reason)
    .orderBy(asc(entryRefusals.reason))
}

export type EntrySearch = { promotionId: number; entryNumber?: number; emailNorm?: string; emailPrefix?: string; beforeId?: number; limit: number }

function searchWhere(search: Omit<EntrySearch, 'limit' | 'beforeId'>): SQL {
  const parts: SQL[] = [eq(entries.promotionId, search.promotionId)]
  if (search.entryNumber !== undefined) parts.push(eq(entries.id, search.entryNumber))
  if (search.emailNorm !== undefined) parts.push(eq(entries.emailNorm, search.emailNorm))
  if (search.emailPrefix !== undefined) parts.push(sql`${entries.emailNorm} like ${`${search.emailPrefix.replace(/[\\%_]/g, '\\$&')}%`}`)
  return and(...parts)!
}

/** A page of entries, newest first (keyset on the id: pages stay fast at millions of rows). */
export async function pageEntries(db: DbOrTx, search: EntrySearch): Promise<EntryRow[]> {
  const where = search.beforeId ? and(searchWhere(search), lt(entries.id, search.beforeId)) : searchWhere(search)
  return db.select().from(entries).where(where).orderBy(desc(entries.id)).limit(search.limit)
}

export async function countEntries(db: DbOrTx, search: Omit<EntrySearch, 'limit' | 'beforeId'>): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(entries).where(searchWhere(search))
  return row?.n ?? 0
}

/** Entries in id order after `afterId`, a batch at a time (the export streams them). */
export async function entriesAfter(db: DbOrTx, search: Omit<EntrySearch, 'limit' | 'beforeId'>, afterId: number, limit: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(entries)
    .where(and(searchWhere(search), gt(entries.id, afterId)))
    .orderBy(asc(entries.id))
    .limit(limit)
}

/** One entrant's entries across every promotion the owner may see (data requests). */
export async function entriesOfEntrant(
  db: DbOrTx,
  owner: { userId: number; isStaff: boolean },
  emailNorm: string,
): Promise<(EntryRow & { promotionName: string })[]> {
  const visible = owner.isStaff ? sql`true` : and(eq(promotions.userId, owner.userId), eq(promotions.deleted, false))
  const rows = await db
    .select({ entry: entries, promotionName: promotions.name })
    .from(entries)
    .innerJoin(promotions, eq(promotions.id, entries.promotionId))
    .where(and(eq(entries.emailNorm, emailNorm), visible))
    .orderBy(asc(entries.id))
    .limit(10_000)
  return rows.map((r) => ({ ...r.entry, promotionName: r.promotionName }))
}

export async function findEntry(db: DbOrTx, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(entries).where(eq(entries.id, id))
  return row
}
