/** The only module that writes SQL for draws (STYLE.md: only repositories touch the database). */
import crypto from 'node:crypto'
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { drawResults, draws, type DrawResultRow, type DrawRow, type StoredWinnerPublication } from '../../db/schema/draws'
import { promotions } from '../../db/schema/promotions'
import { instanceSettings } from '../../db/schema/instance'
import { insertChange } from '../changelog/changelog.repository'

export type Owner = { userId: number; isStaff: boolean }

export async function insertDraw(db: Db, values: typeof draws.$inferInsert): Promise<DrawRow> {
  const [row] = await db.insert(draws).values(values).returning()
  return row!
}

/** The draw if `owner` may see it: its owner or staff. Others' draws are "not found", as missing ones. */
export async function findDrawFor(db: Db, owner: Owner, id: number): Promise<DrawRow | undefined> {
  const where = owner.isStaff ? eq(draws.id, id) : and(eq(draws.id, id), eq(draws.userId, owner.userId))
  const [row] = await db.select().from(draws).where(where)
  return row
}

export async function findDrawByPublicId(db: Db, publicId: string): Promise<DrawRow | undefined> {
  const [row] = await db.select().from(draws).where(eq(draws.publicId, publicId))
  return row
}

export async function findDraw(db: Db, id: number): Promise<DrawRow | undefined> {
  const [row] = await db.select().from(draws).where(eq(draws.id, id))
  return row
}

/** Replaces the entries of a draw not yet committed; undefined when it was committed meanwhile. */
export async function replaceEntries(
  db: Db,
  id: number,
  values: Pick<DrawRow, 'entriesKey' | 'entryCount' | 'entriesHash' | 'entriesBytes' | 'header' | 'sourceFileName' | 'rowOffsets' | 'rowIndexEvery'>,
): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(draws)
    .set(values)
    .where(and(eq(draws.id, id), isNull(draws.committedAt)))
    .returning()
  return row
}

/** Freezes the entries: only once, and only with entries (the WHERE makes it atomic). */
export async function commitDraw(
  db: Db,
  id: number,
  values: { seedEncrypted: string; seedHash: string; entriesRoot: string },
  entriesKey: string,
): Promise<DrawRow | undefined> {
  // The entries key must still be the one the root was computed from (no upload meanwhile).
  const [row] = await db
    .update(draws)
    .set({ ...values, committedAt: sql`now()` })
    .where(and(eq(draws.id, id), isNull(draws.committedAt), isNull(draws.cancelledAt), eq(draws.entriesKey, entriesKey), isNotNull(draws.entriesHash)))
    .returning()
  return row
}

export async function updateScrutineer(db: Db, id: number, scrutineerName: string) {
  await db.update(draws).set({ scrutineerName }).where(eq(draws.id, id))
}

export async function findResult(db: Db, drawId: number): Promise<DrawResultRow | undefined> {
  const [row] = await db.select().from(drawResults).where(eq(drawResults.drawId, drawId))
  return row
}

/** Records a result unless one exists (the primary key allows one per draw); returns the one recorded. */
/**
 * Records a run's result once. `whenRecorded` runs in the same transaction, only for the call that
 * recorded it (issue 31: the `draw.run` event and the winner publication commit with the result or not at all).
 */
export async function recordResult(
  db: Db,
  values: typeof drawResults.$inferInsert,
  whenRecorded?: (tx: Db, result: DrawResultRow) => Promise<void>,
): Promise<{ result: DrawResultRow; recorded: boolean } | 'cancelled'> {
  // The draw row is locked, as a cancel locks it: a cancel and a run never both succeed (issue 23).
  return db.transaction(async (tx) => {
    const [draw] = await tx.select({ cancelledAt: draws.cancelledAt }).from(draws).where(eq(draws.id, values.drawId)).for('update')
    if (draw?.cancelledAt) return 'cancelled' as const
    const inserted = await tx.insert(drawResults).values(values).onConflictDoNothing({ target: drawResults.drawId }).returning()
    const [result] = await tx.select().from(drawResults).where(eq(drawResults.drawId, values.drawId))
    if (inserted.length === 1 && whenRecorded) await whenRecorded(tx, result!)
    return { result: result!, recorded: inserted.length === 1 }
  })
}

/** Every draw of a chain (the root and its redraws), oldest first, with their results. */
export async function findChain(db: Db, rootId: number): Promise<{ draw: DrawRow; result: DrawResultRow | null }[]> {
  const rows = await db
    .select()
    .from(draws)
    .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(or(eq(draws.id, rootId), eq(draws.rootId, rootId)))
    .orderBy(asc(draws.id))
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }))
}

/** Every draw of a promotion, oldest first, with its result: each public record lists them all (issue 23). */
export async function findPromotionDrawsWithResults(db: Db, promotionId: number): Promise<{ draw: DrawRow; result: DrawResultRow | null }[]> {
  const rows = await db
    .select()
    .from(draws)
    .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(eq(draws.promotionId, promotionId))
    .orderBy(asc(draws.id))
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }))
}

/**
 * Cancels a draw without a result; undefined otherwise. The row is locked first, as a run locks
 * it, and the result is looked for after the lock (a fresh snapshot): a run and a cancel never both succeed.
 */
export async function cancelDraw(db: Db, id: number, reason: string): Promise<DrawRow | undefined> {
  return db.transaction(async (tx) => {
    const [draw] = await tx.select().from(draws).where(eq(draws.id, id)).for('update')
    if (!draw || draw.cancelledAt) return undefined
    const [result] = await tx.select({ drawId: drawResults.drawId }).from(drawResults).where(eq(drawResults.drawId, id))
    if (result) return undefined
    const [row] = await tx.update(draws).set({ cancelledAt: sql`now()`, cancelReason: reason }).where(eq(draws.id, id)).returning()
    return row
  })
}

/** The bytes of draw entries an account keeps (every draw and redraw): the per-account quota. */
export async function entriesBytesOf(db: Db, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(sql`select coalesce(sum(entries_bytes), 0)::text as n from app.draws where user_id = ${userId}`)
  return Number(rows[0]?.n ?? 0)
}

export async function findDrawsOfPromotion(db: Db, promotionId: number): Promise<DrawRow[]> {
  return db.select().from(draws).where(eq(draws.promotionId, promotionId)).orderBy(asc(draws.id))
}

/** The key that encrypts seeds at rest: generated once per installation and kept in the database. */
export async function getSeedKey(db: Db): Promise<Buffer> {
  const fresh = crypto.randomBytes(32).toString('base64url')
  await db.insert(instanceSettings).values({ key: 'draw_seed_key', value: fresh }).onConflictDoNothing({ target: instanceSettings.key })
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'draw_seed_key'))
  return Buffer.from(row!.value as string, 'base64url')
}

export async function accountNameOf(db: Db, userId: number): Promise<string> {
  const { rows } = await db.execute<{ account_name: string }>(sql`select account_name from app.users where id = ${userId}`)
  return rows[0]?.account_name ?? ''
}

export async function emailOf(db: Db, userId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ email: string }>(sql`select email from app.users where id = ${userId}`)
  return rows[0]?.email
}

export async function findPromotionRow(db: Db, id: number) {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id))
  return row
}

export async function setWinnerPublications(db: Db, id: number, publications: StoredWinnerPublication[]) {
  await db.update(draws).set({ winnerPublications: publications }).where(eq(draws.id, id))
}

/** Scheduled draws with entries whose upload has closed and that are not committed yet. */
export async function findDueCommits(db: Db, now: Date): Promise<DrawRow[]> {
  return db
    .select()
    .from(draws)
    .where(and(eq(draws.scheduled, true), isNull(draws.committedAt), isNull(draws.cancelledAt), isNotNull(draws.entriesHash), lte(draws.commitAt, now)))
}

/** Scheduled, committed draws whose time has come and that have no result. */
export async function findDueRuns(db: Db, now: Date): Promise<DrawRow[]> {
  const rows = await db
    .select({ draw: draws })
    .from(draws)
    .leftJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(and(eq(draws.scheduled, true), isNotNull(draws.committedAt), isNull(draws.cancelledAt), isNull(drawResults.drawId), lte(draws.runAt, now)))
  return rows.map((r) => r.draw)
}

/** Marks due winner publications live; answers how many went live. */
export async function publishDueWinners(db: Db, now: Date): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update app.draws set winner_publications = (
      select jsonb_agg(case when p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz
        then jsonb_set(p, '{publishedAt}', to_jsonb(${now.toISOString()}::text)) else p end)
      from jsonb_array_elements(winner_publications) p)
    where exists (select 1 from jsonb_array_elements(winner_publications) p
      where p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz)
    returning id`)
  return rows.length
}

/**
 * Puts attachments (by type code: one per code, replacing an earlier one) on a promotion, with its
 * changelog entry, in one transaction (the addenda lists of a run).
 */
export async function setPromotionAttachments(
  db: Db,
  promotionId: number,
  entries: (Record<string, unknown> & { attachmentType: { code: string } })[],
  change: { userId: number; summary: string },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, promotionId)).for('update')
    if (!row) return
    const attachments = [...((row.attachments ?? []) as Record<string, any>[])]
    for (const entry of entries) {
      const at = attachments.findIndex((a) => a.attachmentType?.code === entry.attachmentType.code)
      if (at >= 0) attachments[at] = entry
      else attachments.push(entry)
    }
    await tx
      .update(promotions)
      .set({ attachments, version: sql`${promotions.version} + 1`, updatedAt: sql`now()` })
      .where(eq(promotions.id, row.id))
    await insertChange(tx, {
      promotionId: row.id,
      userId: change.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'attachDrawDocuments',
      changes: { attachments: { from: null, to: change.summary } },
    })
  })
}
