/** The only module that writes SQL for promotions (STYLE.md: only repositories touch the database). */
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import { noteActionLabel } from '@permitdesk/shared'
import { changelog } from '../../db/schema/changelog'
import { promotionNotes } from '../../db/schema/promotion-notes'
import { promotions, type NewPromotionRow, type PromotionRow } from '../../db/schema/promotions'
import { staffTasks } from '../../db/schema/staff-tasks'
import type { DbOrTx } from '../changelog/changelog.repository'

export type Owner = { userId: number; isStaff: boolean }

/** Who may see a row: its owner, or staff. Deleted rows are visible to staff only. */
function visibleTo(owner: Owner, id: number): SQL {
  return owner.isStaff ? eq(promotions.id, id) : and(eq(promotions.id, id), eq(promotions.userId, owner.userId), eq(promotions.deleted, false))!
}

export async function insertPromotion(db: DbOrTx, values: NewPromotionRow): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning()
  return row!
}

/** The promotion if `owner` may see it (others' rows are "not found", as missing ones). */
export async function findPromotion(db: DbOrTx, owner: Owner, id: number, { forUpdate = false } = {}): Promise<PromotionRow | undefined> {
  const query = db.select().from(promotions).where(visibleTo(owner, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** The statuses that wait for staff (the outstanding list); entering them from another status is a submission. */
const WAITING_STATUS_IDS = [4, 5, 9, 11, 13, 15]

export async function updatePromotion(db: DbOrTx, id: number, values: Partial<NewPromotionRow>): Promise<PromotionRow> {
  const waiting = sql.raw(WAITING_STATUS_IDS.join(', '))
  // Days since submission (the staff outstanding list) count from entering a waiting status.
  const submittedAt =
    values.statusId !== undefined && values.submittedAt === undefined
      ? {
          submittedAt: sql`case when ${values.statusId} in (${waiting}) and ${promotions.statusId} not in (${waiting}) then now() else ${promotions.submittedAt} end`,
        }
      : {}
  const [row] = await db
    .update(promotions)
    .set({ ...values, ...submittedAt, version: sql`${promotions.version} + 1`, updatedAt: sql`now()` })
    .where(eq(promotions.id, id))
    .returning()
  return row!
}

export const SORT_COLUMNS = {
  date: promotions.createdAt,
  name: sql`lower(${promotions.name})`,
  status: promotions.statusId,
  startDate: promotions.startDate,
  totalPrizeValue: promotions.totalPrizeValue,
  id: promotions.id,
} as const
export type SortColumn = keyof typeof SORT_COLUMNS

export type ListFilter = {
  owner: Owner
  id?: number
  account?: number
  applicant?: string
  test?: 'show' | 'hide' | 'only'
  name?: string
  search?: string
  status?: number
  archived: boolean
  sort: SortColumn
  direction: 'asc' | 'desc'
  after: number
  count: number
  getTotal: boolean
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** GET /api/promotion/list: one page of the owner's promotions in the chosen order, and the total when asked. */
export async function listPromotions(db: DbOrTx, filter: ListFilter): Promise<{ rows: PromotionRow[]; total: number | null }> {
  const conditions: SQL[] = [eq(promotions.deleted, false), eq(promotions.archived, filter.archived)]
  // Staff see their own list here too; the staff console filters by account (later issue).
  // Staff (by session) may list another account's promotions; everyone else lists their own.
  conditions.push(eq(promotions.userId, filter.owner.isStaff && filter.account !== undefined ? filter.account : filter.owner.userId))
  if (filter.id !== undefined) conditions.push(eq(promotions.id, filter.id))
  if (filter.applicant) {
    const pattern = `%${escapeLike(filter.applicant)}%`
    conditions.push(
      sql`(${promotions.applicant}->>'organisation' ilike ${pattern} or ${promotions.applicant}->>'tradingName' ilike ${pattern} or (coalesce(${promotions.applicant}#>>'{contact,firstName}', '') || ' ' || coalesce(${promotions.applicant}#>>'{contact,lastName}', '')) ilike ${pattern})`,
    )
  }
  if (filter.test === 'hide') conditions.push(eq(promotions.isTest, false))
  if (filter.test === 'only') conditions.push(eq(promotions.isTest, true))
  if (filter.status !== undefined) conditions.push(eq(promotions.statusId, filter.status))
  if (filter.name) conditions.push(ilike(promotions.name, `%${escapeLike(filter.name)}%`))
  if (filter.search) {
    const term = filter.search.trim()
    const byName = ilike(promotions.name, `%${escapeLike(term)}%`)
    conditions.push(/^\d{1,9}$/.test(term) ? or(byName, eq(promotions.id, Number(term)))! : byName)
  }
  const where = and(...conditions)
  const column = SORT_COLUMNS[filter.sort]
  const order = filter.direction === 'asc' ? [asc(column), asc(promotions.id)] : [desc(column), desc(promotions.id)]
  const rows = await db
    .select()
    .from(promotions)
    .where(where)
    .orderBy(...order)
    .limit(filter.count)
    .offset(filter.after)
  let total: number | null = null
  if (filter.getTotal) {
    const [result] = await db.select({ n: count() }).from(promotions).where(where)
    total = result?.n ?? 0
  }
  return { rows, total }
}

/** GET /api/promotion/getReuseList: the owner's promotions to copy from, newest first. */
export async function findReuseList(db: DbOrTx, owner: Owner, search: string | undefined, exclude: number | undefined, limit = 20) {
  const conditions: SQL[] = [eq(promotions.userId, owner.userId), eq(promotions.deleted, false)]
  if (exclude !== undefined) conditions.push(ne(promotions.id, exclude))
  if (search) conditions.push(ilike(promotions.name, `%${escapeLike(search)}%`))
  return db
    .select()
    .from(promotions)
    .where(and(...conditions))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(limit)
}

/** The promotion's notes: how many, and the last thing done to one (from the changelog, so a deletion counts too). */
export async function notesSummary(db: DbOrTx, promotionId: number) {
  const [row] = await db.select({ n: count() }).from(promotionNotes).where(eq(promotionNotes.promotionId, promotionId))
  const [last] = await db
    .select({ action: changelog.action, at: changelog.createdAt })
    .from(changelog)
    .where(and(eq(changelog.promotionId, promotionId), eq(changelog.entity, 'promotion-note')))
    .orderBy(desc(changelog.id))
    .limit(1)
  return { notesCount: row?.n ?? 0, noteLastDate: last ? new Date(last.at).toISOString() : null, noteLastAction: last ? noteActionLabel(last.action) : null }
}

export async function insertStaffTask(db: DbOrTx, values: typeof staffTasks.$inferInsert) {
  const [row] = await db.insert(staffTasks).values(values).returning()
  return row!
}
