/** SQL of admin notes (staff tasks; 001 §3 admin note). */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { promotions } from '../../db/schema/promotions'
import { staffTasks, type StaffTaskRow } from '../../db/schema/staff-tasks'
import { users } from '../../db/schema/users'
import type { DbOrTx } from '../changelog/changelog.repository'

const assignee = alias(users, 'assignee')
const creator = alias(users, 'creator')

export type NoteFilter = {
  assignedTo?: number | 'me' | 'anyone' | 'unassigned'
  me: number
  resolved?: boolean
  promotionId?: number
  customerContactId?: number
  isTask?: boolean
  limit: number
}

export async function findNotes(db: DbOrTx, filter: NoteFilter) {
  const where: (SQL | undefined)[] = []
  if (filter.assignedTo === 'me') where.push(eq(staffTasks.assignedTo, filter.me))
  else if (filter.assignedTo === 'unassigned') where.push(isNull(staffTasks.assignedTo))
  else if (typeof filter.assignedTo === 'number') where.push(eq(staffTasks.assignedTo, filter.assignedTo))
  if (filter.resolved === true) where.push(isNotNull(staffTasks.resolvedAt))
  if (filter.resolved === false) where.push(isNull(staffTasks.resolvedAt))
  if (filter.promotionId) where.push(eq(staffTasks.promotionId, filter.promotionId))
  if (filter.customerContactId) where.push(eq(staffTasks.customerContactId, filter.customerContactId))
  if (filter.isTask !== undefined) where.push(eq(staffTasks.isTask, filter.isTask))
  return db
    .select({
      task: staffTasks,
      promotionName: promotions.name,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      creatorFirst: creator.firstName,
      creatorLast: creator.lastName,
    })
    .from(staffTasks)
    .leftJoin(promotions, eq(promotions.id, staffTasks.promotionId))
    .leftJoin(assignee, eq(assignee.id, staffTasks.assignedTo))
    .leftJoin(creator, eq(creator.id, staffTasks.createdBy))
    .where(and(...where))
    .orderBy(sql`${staffTasks.resolvedAt} is not null`, desc(staffTasks.createdAt), desc(staffTasks.id))
    .limit(filter.limit)
}

export async function findNote(db: DbOrTx, id: number, { forUpdate = false } = {}) {
  const query = db.select().from(staffTasks).where(eq(staffTasks.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function findNoteView(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      task: staffTasks,
      promotionName: promotions.name,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      creatorFirst: creator.firstName,
      creatorLast: creator.lastName,
    })
    .from(staffTasks)
    .leftJoin(promotions, eq(promotions.id, staffTasks.promotionId))
    .leftJoin(assignee, eq(assignee.id, staffTasks.assignedTo))
    .leftJoin(creator, eq(creator.id, staffTasks.createdBy))
    .where(eq(staffTasks.id, id))
  return row
}

export async function insertNote(db: DbOrTx, values: typeof staffTasks.$inferInsert): Promise<StaffTaskRow> {
  const [row] = await db.insert(staffTasks).values(values).returning()
  return row!
}

export async function updateNote(db: DbOrTx, id: number, values: Partial<typeof staffTasks.$inferInsert>): Promise<StaffTaskRow> {
  const [row] = await db
    .update(staffTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffTasks.id, id))
    .returning()
  return row!
}

export async function deleteNote(db: DbOrTx, id: number) {
  await db.delete(staffTasks).where(eq(staffTasks.id, id))
}

export async function isStaffMember(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isStaff, true)))
  return !!row
}

export async function promotionExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id))
  return !!row
}
