/**
 * Admin notes (001 §2 staff main list, §3 admin note, §7 /api/adminNote/{get,getTasks,create,
 * update,delete,resolve} and admin `assign`): staff tasks that attach to a promotion or a customer
 * contact, assigned to a staff member or to anyone. Every write is in the changelog.
 */
import {
  AppError,
  IsoDateSchema,
  MSG_ADMIN_NOTE_REQUIRED,
  MSG_ADMIN_NOTE_TARGET,
  MSG_TASK_DUE_DATE_REQUIRED,
  taskSourceLabel,
  type AdminNoteView,
} from '@permitdesk/shared'
import { z } from 'zod'
import type { Db } from '../../db/client'
import type { StaffTaskRow } from '../../db/schema/staff-tasks'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { deleteNote, findNote, findNotes, findNoteView, insertNote, isStaffMember, promotionExists, updateNote } from './admin-notes.repository'

/** 001 §9: admin notes page size. */
export const ADMIN_NOTES_PAGE_SIZE = 1000

const NoteText = z
  .string({ error: MSG_ADMIN_NOTE_REQUIRED })
  .trim()
  .min(1, { error: MSG_ADMIN_NOTE_REQUIRED })
  .max(4000, { error: 'A note can be at most 4000 characters.' })

export const AdminNoteCreateSchema = z
  .object({
    note: NoteText,
    promotionId: RecordIdSchema.nullish(),
    customerContactId: RecordIdSchema.nullish(),
    assignedTo: RecordIdSchema.nullish(),
    /** Issue 26: a note stays a note unless staff make it a task, with the date it is due. */
    makeTask: z.boolean().default(false),
    dueDate: IsoDateSchema.nullish(),
  })
  .refine((v) => !(v.promotionId && v.customerContactId), { error: MSG_ADMIN_NOTE_TARGET, path: ['promotionId'] })
  .refine((v) => !v.makeTask || !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ['dueDate'] })
export const AdminNoteUpdateSchema = z.object({ id: RecordIdSchema, note: NoteText })
export const AdminNoteIdSchema = z.object({ id: RecordIdSchema })
export const AdminNoteResolveSchema = z.object({ id: RecordIdSchema, resolved: z.boolean().default(true) })
export const AdminNoteAssignSchema = z.object({ id: RecordIdSchema, assignedTo: RecordIdSchema.nullable() })
export const AdminNoteMakeTaskSchema = z
  .object({ id: RecordIdSchema, dueDate: IsoDateSchema.nullish(), assignedTo: RecordIdSchema.nullish() })
  .refine((v) => !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ['dueDate'] })
export const TasksQuerySchema = z.object({
  assignedTo: z.union([z.enum(['me', 'anyone', 'unassigned']), RecordIdSchema]).default('anyone'),
  resolved: z.enum(['true', 'false', 'all']).default('false'),
  promotionId: RecordIdSchema.optional(),
  customerContactId: RecordIdSchema.optional(),
  /** The main list shows tasks; a promotion or contact shows its notes and tasks together (`all`). */
  kind: z.enum(['tasks', 'notes', 'all']).default('tasks'),
})

type Staff = { id: number }
type Found = NonNullable<Awaited<ReturnType<typeof findNoteView>>>

function toView({ task, promotionName, assigneeFirst, assigneeLast, creatorFirst, creatorLast }: Found): AdminNoteView {
  return {
    id: task.id,
    kind: task.kind,
    isTask: task.isTask,
    dueDate: task.dueDate ?? null,
    source: taskSourceLabel(task.kind, task.createdBy ? `${creatorFirst ?? ''} ${creatorLast ?? ''}`.trim() || null : null),
    note: task.note,
    promotionId: task.promotionId,
    promotionName: promotionName ?? null,
    customerContactId: task.customerContactId,
    assignedTo: task.assignedTo,
    assignedToName: task.assignedTo ? `${assigneeFirst ?? ''} ${assigneeLast ?? ''}`.trim() : null,
    createdBy: task.createdBy,
    resolved: task.resolvedAt !== null,
    resolvedAt: task.resolvedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  }
}

async function viewOf(db: DbOrTx, id: number) {
  const found = await findNoteView(db, id)
  if (!found) throw new AppError('NOT_FOUND')
  return toView(found)
}

async function log(tx: DbOrTx, staff: Staff, note: StaffTaskRow, action: string, changes: Record<string, { from: unknown; to: unknown }>) {
  await insertChange(tx, { promotionId: note.promotionId, userId: staff.id, entity: 'staff-task', entityId: note.id, action, changes })
}

export async function getAdminNote(db: Db, id: number) {
  return viewOf(db, id)
}

export async function getTasks(db: Db, staff: Staff, query: z.infer<typeof TasksQuerySchema>) {
  const rows = await findNotes(db, {
    me: staff.id,
    assignedTo: query.assignedTo === 'anyone' ? undefined : query.assignedTo,
    resolved: query.resolved === 'all' ? undefined : query.resolved === 'true',
    promotionId: query.promotionId,
    customerContactId: query.customerContactId,
    isTask: query.kind === 'all' ? undefined : query.kind === 'tasks',
    limit: ADMIN_NOTES_PAGE_SIZE,
  })
  return rows.map(toView)
}

async function assertAssignee(tx: DbOrTx, id: number | null | undefined) {
  if (id && !(await isStaffMember(tx, id)))
    throw new AppError('VALIDATION', 'Tasks can only be assigned to staff.', { modelState: { assignedTo: ['Tasks can only be assigned to staff.'] } })
}

export async function createAdminNote(db: Db, staff: Staff, input: z.infer<typeof AdminNoteCreateSchema>) {
  return db.transaction(async (tx) => {
    if (input.promotionId && !(await promotionExists(tx, input.promotionId))) throw new AppError('NOT_FOUND')
    await assertAssignee(tx, input.assignedTo)
    const row = await insertNote(tx, {
      kind: 'admin-note',
      note: input.note,
      promotionId: input.promotionId ?? null,
      customerContactId: input.customerContactId ?? null,
      assignedTo: input.assignedTo ?? null,
      createdBy: staff.id,
      isTask: input.makeTask,
      dueDate: input.makeTask ? (input.dueDate ?? null) : null,
    })
    await log(tx, staff, row, 'create', { note: { from: null, to: row.note }, ...(row.assignedTo ? { assignedTo: { from: null, to: row.assignedTo } } : {}) })
    return viewOf(tx, row.id)
  })
}

async function change(
  db: Db,
  staff: Staff,
  id: number,
  action: string,
  compute: (row: StaffTaskRow) => Partial<StaffTaskRow> | Promise<Partial<StaffTaskRow>>,
  tx0?: DbOrTx,
) {
  const run = async (tx: DbOrTx) => {
    const before = await findNote(tx, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    const values = await compute(before)
    const after = await updateNote(tx, id, values)
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    for (const key of Object.keys(values) as (keyof StaffTaskRow)[]) {
      if (key === 'resolvedBy') continue
      const from = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key]
      const to = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key]
      if (from !== to) changes[key] = { from, to }
    }
    await log(tx, staff, after, action, changes)
    return viewOf(tx, id)
  }
  return tx0 ? run(tx0) : db.transaction(run)
}

export function updateAdminNote(db: Db, staff: Staff, input: z.infer<typeof AdminNoteUpdateSchema>) {
  return change(db, staff, input.id, 'modify', () => ({ note: input.note }))
}

export function resolveAdminNote(db: Db, staff: Staff, input: z.infer<typeof AdminNoteResolveSchema>) {
  return change(db, staff, input.id, input.resolved ? 'resolve' : 'reopen', () =>
    input.resolved ? { resolvedAt: new Date(), resolvedBy: staff.id } : { resolvedAt: null, resolvedBy: null },
  )
}

export function assignAdminNote(db: Db, staff: Staff, input: z.infer<typeof AdminNoteAssignSchema>) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo)
    return change(db, staff, input.id, 'assign', () => ({ assignedTo: input.assignedTo }), tx)
  })
}

/** Issue 26: staff turn a note into a task (due date, assignee or anyone); it then shows on the main list. */
export function makeTaskOfNote(db: Db, staff: Staff, input: z.infer<typeof AdminNoteMakeTaskSchema>) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo)
    return change(db, staff, input.id, 'make-task', () => ({ isTask: true, dueDate: input.dueDate!, assignedTo: input.assignedTo ?? null }), tx)
  })
}

export async function deleteAdminNote(db: Db, staff: Staff, id: number) {
  return db.transaction(async (tx) => {
    const before = await findNote(tx, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    await deleteNote(tx, id)
    await log(tx, staff, before, 'delete', { note: { from: before.note, to: null } })
    return { id }
  })
}
