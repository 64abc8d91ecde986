import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { users } from './users'

/** E-mail confirmation and password reset tokens: stored as SHA-256, single use, expiring. */
export const accountTokens = app.table(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirm | reset */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_tokens_user_idx').on(table.userId, table.purpose)],
)
