import { integer, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'

/**
 * Fixed-window counters shared by every API process (DESIGN.md §6): brute-force limits on login
 * and forgot password, and spent bot-check solutions. A row whose `resetAt` passed counts from 0.
 */
export const rateLimits = app.table('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
