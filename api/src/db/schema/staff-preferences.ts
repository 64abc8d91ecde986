import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { users } from './users'

/** Per staff member settings of the console (issue 13): the outstanding list's saved default filters. */
export const staffPreferences = app.table('staff_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  outstandingFilters: jsonb('outstanding_filters').$type<{ statusIds?: number[]; states?: string[] }>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
