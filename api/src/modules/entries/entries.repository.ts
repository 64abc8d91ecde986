/** The only module that writes SQL for entry collection (issue 27; STYLE.md: only repositories touch the database). */
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { DbOrTx } from '../changelog/changelog.repository'
import { entries, entryForms, entryRefusals, type EntryFormRow, type EntryRow } from '../../db/schema/entries'
import { promotions, type PromotionRow } from '../../db/schema/promotions'
import { publishEvent } from '../../events/events'

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
    .where(and(eq(entries.promotionId, promotionId), sql`${entries.apiKeyId} is not distinct from ${apiKeyId}`, eq(entries.idempotencyKey, idempotencyKey)))
  return row
}

/**
 * Inserts an entry within the per-day limit, race-safe: a transaction-scoped advisory lock per
 * (promotion, person) serialises that person's concurrent submissions (others never wait), then
 * counts the day's entries. `undefined` when the limit is reached; `replayed` when an API
 * submission with the same Idempotency-Key won a race.
 */
export async function insertEntryWithinLimit(
  db: Db,
  values: NewEntry & { sydneyDay: string },
  limit: number | null,
  receipt: boolean,
  formStatuses: readonly string[] = ['open'],
): Promise<{ id: number; receivedAt: Date; replayed: boolean } | 'closed' | undefined> {
  return db.transaction(async (tx) => {
    // The form's row, shared-locked: a freeze (which locks it for update) waits for entries already
    // past their checks, and an entry arriving after it sees it frozen, so no acknowledged entry is
    // left out of the draw.
    const form = await tx.execute<{ status: string }>(sql`select status from app.entry_forms where promotion_id = ${values.promotionId} for share`)
    if (!formStatuses.includes(form.rows[0]?.status ?? '')) return 'closed'
    if (limit && values.personKey) {
      await tx.execute(sql`select pg_advisory_xact_lock(${values.promotionId}, hashtext(${values.personKey}))`)
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(eq(entries.promotionId, values.promotionId), eq(entries.personKey, values.personKey), eq(entries.sydneyDay, values.sydneyDay)))) as [
        { n: number },
      ]
      if (n >= limit) return undefined
    }
    const inserted = await tx
      .insert(entries)
      .values(values)
      .onConflictDoNothing({ target: [entries.promotionId, entries.apiKeyId, entries.idempotencyKey], where: sql`${entries.idempotencyKey} is not null` })
      .returning({ id: entries.id, receivedAt: entries.receivedAt })
    const row = inserted[0]
    if (!row) {
      const earlier = await findIdempotentEntry(tx, values.promotionId, values.apiKeyId ?? null, values.idempotencyKey!)
      return earlier && { ...earlier, replayed: true }
    }
    if (receipt) await publishEvent(tx, 'entry.accepted', { entryId: row.id, promotionId: values.promotionId })
    return { ...row, replayed: false }
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
