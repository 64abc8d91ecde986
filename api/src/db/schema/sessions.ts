import { index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { users } from './users'

/**
 * Server-side sessions (000 §4, DESIGN.md §4). The cookie holds a random token; only its SHA-256
 * is stored (`id`), so a copy of this table signs nobody in. One live session per user: a login
 * ends the others with reason `replaced`, which the authentication check answers with 403.
 */
export const sessions = app.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientSession: uuid('client_session'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by killsessions (page unload); a request within the grace period clears it (a reload). */
    closingAt: timestamp('closing_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | replaced | password_reset | closed | expired */
    endedReason: text('ended_reason'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)

export type SessionRow = typeof sessions.$inferSelect
