import { integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { users } from './users'

/**
 * Answers of idempotent calls (create, save, pay) by `Idempotency-Key` (issue 11): the same key,
 * user and route with the same body within 24 hours answers the stored answer again; a different
 * body is refused (422). `status` is null while the first request is still running.
 */
export const idempotencyKeys = app.table(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: integer('status'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which process runs the first request: its listening connection (`pid:backend start`, see
     * db/notifications.ts), alive exactly as long as the process. A claim whose process died
     * (a crash, kill -9) before answering is abandoned: a retry with the key runs again.
     */
    claimedBy: text('claimed_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.route, table.key] })],
)

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect
