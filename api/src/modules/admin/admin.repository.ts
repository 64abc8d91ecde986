/** SQL of the staff console (issue 13): promotion search, outstanding, changelog, users. */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { changelog } from '../../db/schema/changelog'
import { promotions, type PromotionRow } from '../../db/schema/promotions'
import { staffPreferences } from '../../db/schema/staff-preferences'
import { staffTasks } from '../../db/schema/staff-tasks'
import { users } from '../../db/schema/users'
import type { DbOrTx } from '../changelog/changelog.repository'

/** The trigram-indexed search text of a promotion row alias `p` (the same expression as migration 0008's index). */
const promotionSearchTextOf = (p: SQL) =>
  sql`lower(coalesce(${p}.name, '') || ' ' || coalesce(${p}.applicant->>'organisation', '') || ' ' || coalesce(${p}.applicant->>'tradingName', '') || ' ' || coalesce(${p}.applicant#>>'{contact,firstName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,lastName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,email}', '') || ' ' || ${p}.permit_numbers::text)`
const userSearchText = sql`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.accountName})`

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export type PromotionSearch = {
  q?: string
  accountId?: number
  promotionId?: number
  noteId?: number
  showTest: boolean
  showDeleted: boolean
  offset: number
  limit: number
}

const adminColumns = {
  id: promotions.id,
  name: promotions.name,
  statusId: promotions.statusId,
  accountId: promotions.userId,
  accountName: users.accountName,
  email: users.email,
  organisation: sql<string | null>`${promotions.applicant}->>'organisation'`,
  permitNumbers: promotions.permitNumbers,
  isTest: promotions.isTest,
  deleted: promotions.deleted,
  createdAt: promotions.createdAt,
}

export async function searchPromotions(db: DbOrTx, search: PromotionSearch) {
  const where: SQL[] = []
  if (!search.showTest) where.push(eq(promotions.isTest, false))
  if (!search.showDeleted) where.push(eq(promotions.deleted, false))
  if (search.accountId) where.push(eq(promotions.userId, search.accountId))
  if (search.promotionId) where.push(eq(promotions.id, search.promotionId))
  if (search.noteId) where.push(sql`${promotions.id} = (select ${staffTasks.promotionId} from ${staffTasks} where ${staffTasks.id} = ${search.noteId})`)
  if (search.q) {
    const pattern = likePattern(search.q)
    const asId = /^\d+$/.test(search.q) && Number(search.q) <= 2_147_483_647 ? Number(search.q) : undefined
    // A union of index scans (the promotion's trigram index; the owner's trigram index, then the
    // owner's promotions), not an OR, so neither arm turns into a scan of every promotion.
    where.push(
      sql`${promotions.id} in (
        select p.id from ${promotions} p where ${promotionSearchTextOf(sql`p`)} like ${pattern}
        union
        select p.id from ${promotions} p where p.user_id in (select ${users.id} from ${users} where ${userSearchText} like ${pattern})
        ${asId !== undefined ? sql`union select ${asId}` : sql``}
      )`,
    )
  }
  const condition = where.length ? and(...where) : undefined
  // The total comes with the page (a window count over the matches), so the search runs once, not
  // twice; only a page past the end asks for the count apart.
  const found = await db
    .select({ ...adminColumns, total: sql<number>`(count(*) over ())::int` })
    .from(promotions)
    .innerJoin(users, eq(users.id, promotions.userId))
    .where(condition)
    .orderBy(desc(promotions.id))
    .limit(search.limit)
    .offset(search.offset)
  if (found.length > 0) return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]!.total }
  if (search.offset === 0) return { rows: [], total: 0 }
  const [total] = await db.select({ n: count() }).from(promotions).innerJoin(users, eq(users.id, promotions.userId)).where(condition)
  return { rows: [], total: total?.n ?? 0 }
}

export async function findPromotionById(db: DbOrTx, id: number, { forUpdate = false } = {}): Promise<PromotionRow | undefined> {
  const query = db.select().from(promotions).where(eq(promotions.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function findOwner(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  return row
}

/** The changelog of a promotion, newest first, with who made each change. */
export async function findChangelog(db: DbOrTx, promotionId: number) {
  return db
    .select({
      id: changelog.id,
      at: changelog.createdAt,
      userId: changelog.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      entity: changelog.entity,
      entityId: changelog.entityId,
      action: changelog.action,
      changes: changelog.changes,
    })
    .from(changelog)
    .leftJoin(users, eq(users.id, changelog.userId))
    .where(eq(changelog.promotionId, promotionId))
    .orderBy(desc(changelog.id))
}

/** A user's own log (e-mail changes, sessions ended): entries with entity 'user'. */
export async function findUserLog(db: DbOrTx, userId: number) {
  return db
    .select({ id: changelog.id, at: changelog.createdAt, userId: changelog.userId, action: changelog.action, changes: changelog.changes })
    .from(changelog)
    .where(and(eq(changelog.entity, 'user'), eq(changelog.entityId, userId)))
    .orderBy(desc(changelog.id))
}

export type OutstandingFilter = { statusIds: readonly number[]; states?: string[]; limit: number }

export async function findOutstanding(db: DbOrTx, filter: OutstandingFilter) {
  const stateConditions = (filter.states ?? []).map((state) => stateColumn(state)).filter((c): c is NonNullable<typeof c> => !!c)
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      statusId: promotions.statusId,
      accountName: users.accountName,
      email: users.email,
      submittedAt: promotions.submittedAt,
      updatedAt: promotions.updatedAt,
    })
    .from(promotions)
    .innerJoin(users, eq(users.id, promotions.userId))
    .where(
      and(
        inArray(promotions.statusId, [...filter.statusIds]),
        eq(promotions.deleted, false),
        eq(promotions.isTest, false),
        stateConditions.length ? or(...stateConditions.map((c) => eq(c, true))) : undefined,
      ),
    )
    .orderBy(sql`${promotions.submittedAt} asc nulls last`, asc(promotions.id))
    .limit(filter.limit)
}

function stateColumn(state: string) {
  switch (state.toUpperCase()) {
    case 'NSW':
      return promotions.stateNsw
    case 'ACT':
      return promotions.stateAct
    case 'SA':
      return promotions.stateSa
    case 'VIC':
      return promotions.stateVic
    case 'QLD':
      return promotions.stateQld
    case 'WA':
      return promotions.stateWa
    case 'TAS':
      return promotions.stateTas
    case 'NT':
      return promotions.stateNt
    default:
      return undefined
  }
}

/** Staff members (assignees). */
export async function findStaffMembers(db: DbOrTx) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.isStaff, true))
    .orderBy(asc(users.firstName))
}

export async function searchUsers(db: DbOrTx, q: string | undefined, offset: number, limit: number) {
  const condition = q
    ? or(sql`${userSearchText} like ${likePattern(q)}`, /^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? eq(users.id, Number(q)) : undefined)
    : undefined
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      accountName: users.accountName,
      authorisedAgent: users.authorisedAgent,
      isStaff: users.isStaff,
      staffRole: users.staffRole,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(condition)
    .orderBy(desc(users.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db.select({ n: count() }).from(users).where(condition)
  return { rows, total: total?.n ?? 0 }
}

export async function findUserByEmail(db: DbOrTx, email: string, exceptId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ilike(
          users.email,
          email.replace(/[\\%_]/g, (c) => `\\${c}`),
        ),
        ne(users.id, exceptId),
      ),
    )
  return row
}

export async function setUserEmail(db: DbOrTx, id: number, email: string) {
  await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id))
}

/** Ends every live session of a user; answers how many. */

/** Promotions in "Action required" (getActionsRequired). */
export async function findActionsRequired(db: DbOrTx, limit: number) {
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      statusId: promotions.statusId,
      accountName: users.accountName,
      email: users.email,
      updatedAt: promotions.updatedAt,
      details: promotions.details,
    })
    .from(promotions)
    .innerJoin(users, eq(users.id, promotions.userId))
    .where(and(eq(promotions.statusId, 6), eq(promotions.deleted, false)))
    .orderBy(asc(promotions.updatedAt))
    .limit(limit)
}

export async function findOutstandingFilters(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(staffPreferences).where(eq(staffPreferences.userId, userId))
  return row?.outstandingFilters ?? {}
}

export async function saveOutstandingFilters(db: DbOrTx, userId: number, filters: { statusIds?: number[]; states?: string[] }) {
  await db
    .insert(staffPreferences)
    .values({ userId, outstandingFilters: filters })
    .onConflictDoUpdate({ target: staffPreferences.userId, set: { outstandingFilters: filters, updatedAt: new Date() } })
}

/** Staff working on a promotion in the wizard: any live promotion. */
export async function touchStaffActivity(db: DbOrTx, promotionId: number) {
  const updated = await db
    .update(promotions)
    .set({ staffActiveAt: new Date() })
    .where(eq(promotions.id, promotionId))
    .returning({ id: promotions.id, ownerActiveAt: promotions.ownerActiveAt })
  return updated[0]
}

export async function touchOwnerActivity(db: DbOrTx, promotionId: number, userId: number) {
  const updated = await db
    .update(promotions)
    .set({ ownerActiveAt: new Date() })
    .where(and(eq(promotions.id, promotionId), eq(promotions.userId, userId), eq(promotions.deleted, false)))
    .returning({ id: promotions.id, staffActiveAt: promotions.staffActiveAt })
  return updated[0]
}

const STATE_COLUMN: Record<string, string> = {
  NSW: 'state_nsw',
  ACT: 'state_act',
  SA: 'state_sa',
  VIC: 'state_vic',
  NT: 'state_nt',
  WA: 'state_wa',
  QLD: 'state_qld',
  TAS: 'state_tas',
}
const SERVICE_COLUMN: Record<string, string> = {
  managedSubmission: 'managed_submission',
  randomDraw: 'random_draw',
  termsAndConditions: 'terms_and_conditions',
  abridgedTC: 'abridged_tc',
  hostedTC: 'hosted_tc',
  skillsBasedTC: 'skills_based_tc',
  winnerPublication: 'winner_publication',
}

/** A cheap version of the data the statistics read: the newest changelog entry, promotion and task (primary-key lookups). */
export async function findStatisticsVersion(db: DbOrTx) {
  const [row] = (await db.execute(sql`select (select coalesce(max(id), 0) from ${changelog}) as c, (select coalesce(max(id), 0) from ${promotions}) as p`))
    .rows as { c: number; p: number }[]
  return `${row!.c}:${row!.p}`
}

export type StatisticsFilter = { from?: string; to?: string; state?: string; service?: string; includeTest: boolean }

/**
 * Aggregates for the statistics screen over live promotions that match the filter (created between
 * `from` and `to` as Sydney dates, a state chosen, a service bought; test promotions only when asked).
 * Revenue sums the stored fee lines of paid promotions, each fee key apart; the caller splits the
 * provider's fees from government fees.
 */
export async function findStatisticsAggregates(
  db: DbOrTx,
  paidStatusIds: readonly number[],
  outstandingStatusIds: readonly number[],
  feeKeys: readonly string[],
  filter: StatisticsFilter,
) {
  const conditions: SQL[] = [sql`p.deleted = false`]
  if (!filter.includeTest) conditions.push(sql`p.is_test = false`)
  if (filter.from) conditions.push(sql`(p.created_at at time zone 'Australia/Sydney')::date >= ${filter.from}::date`)
  if (filter.to) conditions.push(sql`(p.created_at at time zone 'Australia/Sydney')::date <= ${filter.to}::date`)
  if (filter.state) conditions.push(sql.raw(`p.${STATE_COLUMN[filter.state]} = true`))
  if (filter.service) conditions.push(sql.raw(`p.${SERVICE_COLUMN[filter.service]} = true`))
  const live = sql.join(conditions, sql` and `)
  const list = (ids: readonly number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )
  const paid = sql`p.status_id in (${list(paidStatusIds)})`
  const byStatus = (await db.execute(sql`select p.status_id as "statusId", count(*)::int as n from ${promotions} p where ${live} group by 1 order by 1`))
    .rows as { statusId: number; n: number }[]
  const byState = (
    await db.execute(
      sql`select count(*) filter (where state_act)::int as "ACT", count(*) filter (where state_nsw)::int as "NSW", count(*) filter (where state_sa)::int as "SA", count(*) filter (where state_vic)::int as "VIC", count(*) filter (where state_nt)::int as "NT", count(*) filter (where state_wa)::int as "WA", count(*) filter (where state_qld)::int as "QLD", count(*) filter (where state_tas)::int as "TAS", count(*)::int as total from ${promotions} p where ${live}`,
    )
  ).rows[0] as Record<string, number>
  const byMonth = (
    await db.execute(
      sql`select to_char(date_trunc('month', p.created_at at time zone 'Australia/Sydney'), 'YYYY-MM') as month, count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live} group by 1 order by 1 desc limit 24`,
    )
  ).rows as { month: string; created: number; paid: number }[]
  const sums = sql.join(
    feeKeys.map((key) => sql.raw(`coalesce(sum((p.fees->>'${key.replace(/[^A-Za-z_]/g, '')}')::bigint), 0)::bigint as "${key.replace(/[^A-Za-z_]/g, '')}"`)),
    sql`, `,
  )
  const revenue = (await db.execute(sql`select ${sums} from ${promotions} p where ${live} and ${paid}`)).rows[0] as Record<string, string | number>
  const [conversion] = (await db.execute(sql`select count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live}`))
    .rows as { created: number; paid: number }[]
  const [approval] = (
    await db.execute(
      sql`select avg(extract(epoch from (a.approved_at - p.submitted_at)) / 86400)::float as days, count(*)::int as n from ${promotions} p join (select promotion_id, min(created_at) as approved_at from ${changelog} where action = 'approve' group by 1) a on a.promotion_id = p.id where p.submitted_at is not null and ${live}`,
    )
  ).rows as { days: number | null; n: number }[]
  // Submission to permit number, per state: the number's approval date less the submission's Sydney date.
  const turnaround = (
    await db.execute(
      sql`select n.key as state, ((n.value->>'approvalDate')::date - (p.submitted_at at time zone 'Australia/Sydney')::date)::int as days from ${promotions} p cross join lateral jsonb_each(p.permit_numbers) n where p.submitted_at is not null and n.value->>'approvalDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and ${live}`,
    )
  ).rows as { state: string; days: number }[]
  const outstanding = (
    await db.execute(
      sql`select greatest(0, floor(extract(epoch from (now() - p.submitted_at)) / 86400))::int as days from ${promotions} p where p.status_id in (${list(outstandingStatusIds)}) and ${live}`,
    )
  ).rows as { days: number }[]
  return { byStatus, byState, byMonth, revenue, conversion: conversion!, approval: approval!, turnaround, outstanding }
}

/**
 * updateEmails: every change of a user's e-mail address (the user log's `update-email` entries,
 * across all users), newest first, with search over the old and new address and the user's current one.
 */
export async function findEmailChanges(db: DbOrTx, q: string | undefined, offset: number, limit: number) {
  const actor = alias(users, 'actor')
  const where = and(
    eq(changelog.entity, 'user'),
    eq(changelog.action, 'update-email'),
    q
      ? sql`lower(coalesce(${changelog.changes}#>>'{email,from}', '') || ' ' || coalesce(${changelog.changes}#>>'{email,to}', '') || ' ' || ${users.email}) like ${likePattern(q)}`
      : undefined,
  )
  const rows = await db
    .select({
      id: changelog.id,
      at: changelog.createdAt,
      userId: changelog.entityId,
      currentEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      from: sql<string | null>`${changelog.changes}#>>'{email,from}'`,
      to: sql<string | null>`${changelog.changes}#>>'{email,to}'`,
      changedById: changelog.userId,
      changedByEmail: actor.email,
    })
    .from(changelog)
    .innerJoin(users, eq(users.id, changelog.entityId))
    .leftJoin(actor, eq(actor.id, changelog.userId))
    .where(where)
    .orderBy(desc(changelog.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db.select({ n: count() }).from(changelog).innerJoin(users, eq(users.id, changelog.entityId)).where(where)
  return { rows, total: total?.n ?? 0 }
}
