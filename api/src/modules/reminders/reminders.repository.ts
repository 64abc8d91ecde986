import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../changelog/changelog.repository'
import { calendarFeeds, distributionLists, promotionReminders, promotionUnsubscribes, reminderDeliveries } from '../../db/schema/reminders'
import { promotions } from '../../db/schema/promotions'
import { users } from '../../db/schema/users'

// --- distribution lists -------------------------------------------------------------------------

export async function listDistributionLists(db: DbOrTx, userId: number) {
  return db.select().from(distributionLists).where(eq(distributionLists.userId, userId)).orderBy(distributionLists.id)
}

export async function findDistributionList(db: DbOrTx, userId: number, id: number, { forUpdate = false } = {}) {
  const query = db
    .select()
    .from(distributionLists)
    .where(and(eq(distributionLists.id, id), eq(distributionLists.userId, userId)))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function insertDistributionList(db: DbOrTx, userId: number, name: string) {
  const [row] = await db.insert(distributionLists).values({ userId, name }).returning()
  return row!
}

export async function updateDistributionListEmails(db: DbOrTx, id: number, emails: string[]) {
  const [row] = await db.update(distributionLists).set({ emails }).where(eq(distributionLists.id, id)).returning()
  return row!
}

export async function deleteDistributionList(db: DbOrTx, id: number) {
  // Detach it from every reminder that named it, then remove it.
  await db.execute(sql`
    update app.promotion_reminders
       set distribution_list_ids = coalesce((select jsonb_agg(x) from jsonb_array_elements(distribution_list_ids) x where x <> to_jsonb(${id}::int)), '[]'::jsonb)
     where distribution_list_ids @> to_jsonb(array[${id}::int])`)
  await db.delete(distributionLists).where(eq(distributionLists.id, id))
}

export async function distributionListsByIds(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(distributionLists)
    .where(and(eq(distributionLists.userId, userId), inArray(distributionLists.id, ids)))
}

// --- reminders ----------------------------------------------------------------------------------

export async function findPromotionReminders(db: DbOrTx, promotionId: number) {
  return db.select().from(promotionReminders).where(eq(promotionReminders.promotionId, promotionId)).orderBy(promotionReminders.id)
}

export async function replacePromotionReminders(
  db: DbOrTx,
  promotionId: number,
  rows: { kind: string; daysBefore: number | null; accountHolder: boolean; distributionListIds: number[] }[],
) {
  await db.delete(promotionReminders).where(eq(promotionReminders.promotionId, promotionId))
  if (rows.length > 0) await db.insert(promotionReminders).values(rows.map((row) => ({ ...row, promotionId })))
}

/** Claims the sent marker of one reminder mail; false when another worker (or an earlier run) has it. */
export async function claimDelivery(db: DbOrTx, values: { promotionId: number; kind: string; reminderDate: string; email: string }) {
  const rows = await db.insert(reminderDeliveries).values(values).onConflictDoNothing().returning({ id: reminderDeliveries.id })
  return rows.length > 0
}

export async function deliveriesOf(db: DbOrTx, promotionId: number) {
  return db.select().from(reminderDeliveries).where(eq(reminderDeliveries.promotionId, promotionId)).orderBy(reminderDeliveries.id)
}

/** The promotion with its owner's e-mail (for the worker, which acts for no signed-in user). */
export async function findPromotionWithOwner(db: DbOrTx, promotionId: number) {
  const [row] = await db
    .select({ promotion: promotions, ownerEmail: users.email })
    .from(promotions)
    .innerJoin(users, eq(users.id, promotions.userId))
    .where(eq(promotions.id, promotionId))
  return row
}

export async function findUserEmail(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email
}

/** Promotions with at least one reminder chosen (the sweep that re-queues after a restart). */
export async function promotionIdsWithReminders(db: DbOrTx) {
  const rows = await db.selectDistinct({ id: promotionReminders.promotionId }).from(promotionReminders)
  return rows.map((row) => row.id)
}

// --- unsubscribe --------------------------------------------------------------------------------

export async function insertUnsubscribe(db: DbOrTx, promotionId: number, email: string) {
  await db.insert(promotionUnsubscribes).values({ promotionId, email }).onConflictDoNothing()
}

export async function deleteUnsubscribe(db: DbOrTx, promotionId: number, email: string) {
  await db.delete(promotionUnsubscribes).where(and(eq(promotionUnsubscribes.promotionId, promotionId), eq(promotionUnsubscribes.email, email)))
}

export async function unsubscribedEmails(db: DbOrTx, promotionId: number): Promise<Set<string>> {
  const rows = await db.select({ email: promotionUnsubscribes.email }).from(promotionUnsubscribes).where(eq(promotionUnsubscribes.promotionId, promotionId))
  return new Set(rows.map((row) => row.email))
}

// --- calendar feed ------------------------------------------------------------------------------

export async function findCalendarFeed(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
  return row
}

/** Replaces the user's feed secret (by its hash). */
export async function upsertCalendarFeed(db: DbOrTx, userId: number, tokenHash: string) {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
}

/** Makes the user's feed secret unless there is one; false when there already was (two asks at once make one). */
export async function insertCalendarFeedIfNone(db: DbOrTx, userId: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ userId: calendarFeeds.userId })
  return rows.length === 1
}

/** Forgets the user's feed secret: the address stops working; the next ask makes a new one. */
export async function deleteCalendarFeed(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId })
  return rows.length
}

export async function findCalendarFeedOwner(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash))
  return row?.userId
}

export async function ownerPromotions(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.userId, userId), eq(promotions.deleted, false), eq(promotions.archived, false)))
    .orderBy(promotions.id)
}
