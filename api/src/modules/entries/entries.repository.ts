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
 * A batch of entries, one statement (one round trip, autocommitted before any answer): `$1` is a
 * JSON array of arrivals (`EntryArrival`), each numbered by `ord`. For each: an API submission's
 * earlier entry with the same Idempotency-Key is answered instead; the form's row is key-share
 * locked and must still be in one of the arrival's `statuses` (a freeze locks it for update, so it
 * waits for entries already past their checks, and an entry after it sees it frozen); with
 * `form_xmin`, the form and promotion rows must be the ones the rules were checked against; the
 * day's earlier entries of the person are counted and the entry takes the next place of the day
 * (`day_seq`, unique: two racing for the last place cannot both take it). Entry numbers are taken
 * first (in arrival order), so each answer row finds its own insert; rows are inserted in the
 * order of their unique keys, so two batches over the same entrants wait for each other in one
 * order instead of deadlocking. A batch holds at most one arrival per person and day, and per
 * Idempotency-Key (insertGrouped): each one's counts and look-ups are as if it came alone. The
 * answer says, per `ord`, which check stopped it; an id that is null with nothing else wrong is a
 * unique index's conflict (a racing same-person entry or Idempotency-Key in another batch).
 * With `key_user_id`, the API key must still be live and its owner's (`key_live`): the front door
 * admits a key from its process's cache without a round trip to catch up with revocations, and
 * this check, in the statement that stores the entry, refuses a key revoked before it.
 *
 * The look-ups are parameterised by the arrival's row (lateral), so the plan is the same for any
 * values: three equalities on the person's unique index (and the key's) whatever the statistics.
 */
export const INSERT_ENTRIES = `with input as (
  select * from json_to_recordset($1::json) as t(
    ord int, promotion_id int, statuses text[], counted int, person_key text, sydney_day date, channel text, received_at timestamptz,
    fields jsonb, email_norm text, phone_norm text, name_postcode_norm text, ip_hash text, device_hash text,
    api_key_id int, idempotency_key text, form_xmin text, promotion_xmin text, canonical text, key_user_id int)
), form as (
  select f.promotion_id, f.status, f.xmin::text as form_xmin, p.xmin::text as promotion_xmin
    from app.entry_forms f join app.promotions p on p.id = f.promotion_id
   where f.promotion_id in (select promotion_id from input)
     for key share of f
), checked as (
  select a.ord, form.status, (a.form_xmin is null or (form.form_xmin = a.form_xmin and form.promotion_xmin = a.promotion_xmin)) as current,
         (a.key_user_id is null or exists (select 1 from app.api_keys k where k.id = a.api_key_id and k.user_id = a.key_user_id and k.revoked_at is null)) as key_live,
         coalesce(prior.n, 0) as n, earlier.id as earlier_id, earlier.received_at as earlier_received_at
    from input a
    left join form on form.promotion_id = a.promotion_id
    left join lateral (
      select e.id, e.received_at from app.entries e
       where a.idempotency_key is not null and a.api_key_id is not null and e.promotion_id = a.promotion_id and e.api_key_id = a.api_key_id and e.idempotency_key = a.idempotency_key
      union all
      select e.id, e.received_at from app.entries e
       where a.idempotency_key is not null and a.api_key_id is null and e.promotion_id = a.promotion_id and e.api_key_id is null and e.idempotency_key = a.idempotency_key
    ) earlier on true
    left join lateral (
      select count(*)::int as n from app.entries e
       where a.counted is not null and e.promotion_id = a.promotion_id and e.person_key = a.person_key and e.sydney_day = a.sydney_day
    ) prior on true
), candidates as (
  select nextval('app.entries_id_seq') as id, a.*, c.n
    from input a join checked c on c.ord = a.ord
   where c.key_live and c.current and c.status = any(a.statuses) and (a.counted is null or c.n < a.counted) and c.earlier_id is null
   order by a.ord
), inserted as (
  insert into app.entries (id, promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash, api_key_id, idempotency_key, day_seq, canonical)
  select id, promotion_id, channel, received_at, sydney_day, fields, email_norm, phone_norm, name_postcode_norm, person_key, ip_hash, device_hash, api_key_id, idempotency_key,
         case when counted is null then null else n + 1 end, canonical
    from candidates
   order by promotion_id, person_key, api_key_id, idempotency_key, ord
  on conflict do nothing
  returning id, received_at
)
select c.ord, c.status, c.current, c.key_live, c.n, inserted.id, inserted.received_at, c.earlier_id, c.earlier_received_at
  from checked c left join candidates on candidates.ord = c.ord left join inserted on inserted.id = candidates.id`

/** One arrival of INSERT_ENTRIES's input (its JSON names are the statement's columns). */
type EntryArrival = {
  ord: number
  promotion_id: number
  statuses: readonly string[]
  counted: number | null
  person_key: string | null
  sydney_day: string
  channel: string
  received_at: Date
  fields: unknown
  email_norm: string | null
  phone_norm: string | null
  name_postcode_norm: string | null
  ip_hash: string | null
  device_hash: string | null
  api_key_id: number | null
  idempotency_key: string | null
  form_xmin: string | null
  promotion_xmin: string | null
  canonical: string
  key_user_id: number | null
}

type InsertAnswer = {
  ord: number
  status: string | null
  current: boolean | null
  key_live: boolean
  n: number
  id: string | number | null
  received_at: Date | null
  earlier_id: string | number | null
  earlier_received_at: Date | null
}

/**
 * Inserts an entry within the per-day limit (see INSERT_ENTRIES). `undefined` when the limit is
 * reached; `'closed'` when the form is not open; `'stale'` when `version` is not the rows' now;
 * `'key'` when `apiKeyUserId` is given and the entry's API key is no longer live or that user's;
 * `replayed` when an API submission with the same Idempotency-Key came first. With `receipt`, the
 * receipt's outbox event is written in the same transaction. The limit and the form's status are
 * read by the statement itself, on the rows as they are at the insert.
 */
export async function insertEntryWithinLimit(
  database: Pick<Database, 'db' | 'pool'>,
  values: NewEntry & { sydneyDay: string },
  limit: number | null,
  receipt: boolean,
  formStatuses: readonly string[] = ['open'],
  version?: RulesVersion,
  apiKeyUserId?: number,
): Promise<{ id: number; receivedAt: Date; replayed: boolean } | 'closed' | 'stale' | 'key' | undefined> {
  const counted = limit && values.personKey ? limit : null
  const arrival: EntryArrival = {
    ord: 0,
    promotion_id: values.promotionId,
    statuses: formStatuses,
    counted,
    person_key: values.personKey ?? null,
    sydney_day: values.sydneyDay,
    channel: values.channel,
    received_at: values.receivedAt ?? new Date(),
    fields: values.fields,
    email_norm: values.emailNorm ?? null,
    phone_norm: values.phoneNorm ?? null,
    name_postcode_norm: values.namePostcodeNorm ?? null,
    ip_hash: values.ipHash ?? null,
    device_hash: values.deviceHash ?? null,
    api_key_id: values.apiKeyId ?? null,
    idempotency_key: values.idempotencyKey ?? null,
    form_xmin: version?.formXmin ?? null,
    promotion_xmin: version?.promotionXmin ?? null,
    // The entry's row of the draw's canonical file after its number (the freeze streams it as stored).
    canonical: canonicalAfterNumber(values.fields),
    key_user_id: values.apiKeyId != null && apiKeyUserId !== undefined ? apiKeyUserId : null,
  }
  // A same-person race for a place of the day loses on the unique index and counts again (a few times at most: the limit is small).
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = receipt ? await insertWithReceipt(database.db, arrival) : await insertGrouped(database.pool, arrival)
    if (!answer.key_live) return 'key'
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

/** Entries this process has stored through each pool (the batch statement's generation follows it). */
const storedThrough = new WeakMap<object, number>()

/**
 * The statement over `batch`, autocommitted, prepared (named) on each connection: parsing and
 * planning it cost PostgreSQL more than a small batch's inserts (perf: the parser, the analyser
 * and the planner were most of its CPU per entry). A prepared statement keeps its plan until the
 * table's statistics change, and a plan made while app.entries is nearly empty (a new
 * installation's first burst, before autovacuum analyses it) reads the table by a scan for every
 * look-up. So the name carries a generation, the bit length of the entries this process has
 * stored: each doubling prepares it afresh, planned on the table's size then (PostgreSQL counts
 * its pages as it grows, analysed or not), so a scan's plan is never kept past twice the rows it
 * was made for, and a process makes at most a few dozen in its life.
 */
async function insertBatch(pool: Pick<Database['pool'], 'query'>, batch: EntryArrival[]): Promise<InsertAnswer[]> {
  const stored = storedThrough.get(pool) ?? 0
  const { rows } = await pool.query<InsertAnswer>({
    name: `${BATCH_STATEMENT}-${32 - Math.clz32(stored)}`,
    text: INSERT_ENTRIES,
    values: [JSON.stringify(batch.map((a, ord) => ({ ...a, ord })))],
  })
  const answers: InsertAnswer[] = []
  let inserted = 0
  for (const row of rows) {
    answers[row.ord] = row
    if (row.id !== null) inserted += 1
  }
  storedThrough.set(pool, Math.min(2 ** 31 - 1, (storedThrough.get(pool) ?? 0) + inserted))
  return answers
}

/** The prepared batch statement's name, before its generation (`entries-insert-batch-11`). */
export const BATCH_STATEMENT = 'entries-insert-batch'

type Waiting = { arrival: EntryArrival; resolve: (answer: InsertAnswer) => void; reject: (error: unknown) => void }
type Group = { waiting: Waiting[]; lanes: number }
const groups = new WeakMap<Database['pool'], Group>()
/** Statements storing entries at once (each on a connection of its own); later arrivals wait for the next. */
const GROUP_LANES = 2
const GROUP_MAX = 100

/** The unique keys an arrival's checks read: a batch holds at most one arrival for each. */
function batchKeys(a: EntryArrival): string[] {
  const keys: string[] = []
  if (a.counted !== null) keys.push(`p:${a.promotion_id}:${a.person_key}:${a.sydney_day}`)
  if (a.idempotency_key !== null) keys.push(`k:${a.promotion_id}:${a.api_key_id}:${a.idempotency_key}`)
  return keys
}

/** Up to GROUP_MAX waiting arrivals, in order, leaving for a later batch any that shares a person's day or an Idempotency-Key with one taken. */
function takeBatch(group: Group): Waiting[] {
  const taken: Waiting[] = []
  const left: Waiting[] = []
  const seen = new Set<string>()
  for (const w of group.waiting) {
    const keys = batchKeys(w.arrival)
    if (taken.length >= GROUP_MAX || keys.some((k) => seen.has(k))) left.push(w)
    else {
      taken.push(w)
      for (const k of keys) seen.add(k)
    }
  }
  group.waiting = left
  return taken
}

/** Batches taken, and their sizes summed (tests read them to see that entries were grouped). */
export const groupStats = { batches: 0, entries: 0, largest: 0 }

/**
 * Group commit: entries that arrive while others are being stored go together in one statement
 * (INSERT_ENTRIES: each one's checks and answer exactly as alone), so one plan, one round trip and
 * one WAL flush cover them all: on this machine a round trip's system calls and a statement's
 * planning cost more than storing the entry. Every answer waits for the commit. A batch that
 * PostgreSQL refused (a deadlock with another batch over the same entrants) changed nothing and
 * its entries are stored one by one; one whose outcome is unknown (the connection was lost) fails
 * them all (it may have committed).
 */
function insertGrouped(pool: Database['pool'], arrival: EntryArrival): Promise<InsertAnswer> {
  let group = groups.get(pool)
  if (!group) groups.set(pool, (group = { waiting: [], lanes: 0 }))
  const joined = group
  return new Promise((resolve, reject) => {
    joined.waiting.push({ arrival, resolve, reject })
    if (joined.lanes < GROUP_LANES) void drain(pool, joined)
  })
}

async function drain(pool: Database['pool'], group: Group) {
  group.lanes += 1
  try {
    while (group.waiting.length > 0) {
      const batch = takeBatch(group)
      groupStats.batches += 1
      groupStats.entries += batch.length
      groupStats.largest = Math.max(groupStats.largest, batch.length)
      const stored = await insertBatch(
        pool,
        batch.map((w) => w.arrival),
      ).catch((error: unknown) => ({ error }))
      if (Array.isArray(stored)) batch.forEach((w, i) => w.resolve(stored[i]!))
      // A SQLSTATE is PostgreSQL's answer (the statement was rolled back); without one, the outcome is unknown.
      else if (batch.length === 1 || !(stored.error as { code?: string } | null)?.code) for (const w of batch) w.reject(stored.error)
      else await Promise.all(batch.map((w) => insertBatch(pool, [w.arrival]).then(([answer]) => w.resolve(answer!), w.reject)))
    }
  } finally {
    group.lanes -= 1
  }
}

/** The same statement over one arrival and the receipt's outbox event, in one transaction. */
async function insertWithReceipt(db: Db, arrival: EntryArrival): Promise<InsertAnswer> {
  return db.transaction(async (tx) => {
    const [head, tail] = INSERT_ENTRIES.split('$1')
    const { rows } = await tx.execute<InsertAnswer>(sql`${sql.raw(head!)}${sql.param(JSON.stringify([arrival]))}${sql.raw(tail!)}`)
    const answer = rows[0]!
    if (answer.id !== null) await publishEvent(tx, 'entry.accepted', { entryId: Number(answer.id), promotionId: arrival.promotion_id })
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
