import { jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const app = pgSchema('app')

/** Settings this installation generates for itself once (secrets when none are configured), shared by every process. */
export const instanceSettings = app.table('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
