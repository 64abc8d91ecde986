import { boolean, date, index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/**
 * Staff tasks (001 §2 staff main list; §3 admin note: note, assignedTo, resolved, promotionId).
 * Created by customer requests such as requestLawyerContact; the staff console resolves them.
 */
export const staffTasks = app.table(
  'staff_tasks',
  {
    id: serial('id').primaryKey(),
    /** 'lawyer-contact', … */
    kind: text('kind').notNull(),
    note: text('note').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id),
    requestedBy: integer('requested_by').references(() => users.id),
    assignedTo: integer('assigned_to').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** 001 §3: an admin note attaches to a promotion or a customer contact. */
    customerContactId: integer('customer_contact_id'),
    createdBy: integer('created_by').references(() => users.id),
    resolvedBy: integer('resolved_by').references(() => users.id),
    /** Issue 26: a staff note stays a note unless staff make it a task; requests from customers and jobs are tasks. */
    isTask: boolean('is_task').notNull().default(true),
    dueDate: date('due_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tasks_open_idx').on(t.resolvedAt, t.createdAt), index('staff_tasks_task_open_idx').on(t.isTask, t.resolvedAt, t.createdAt)],
)

export type StaffTaskRow = typeof staffTasks.$inferSelect
