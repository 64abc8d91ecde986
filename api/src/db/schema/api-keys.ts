import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { ApiKeyRevokedReason } from '@permitdesk/shared'
import { app } from './instance'

export type { ApiKeyRevokedReason }
import { users } from './users'

/**
 * API keys of an account (issue 11): agencies script their promotions with
 * `Authorization: Bearer <key>`. Only the key's SHA-256 is stored (`key_hash`); the key itself is
 * shown once when created. `prefix` (the first characters) lets the owner tell keys apart.
 */
export const apiKeys = app.table(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why the key stopped (issue 24): `revoked` by its owner, or ended with every credential of the user. */
    revokedReason: text('revoked_reason').$type<ApiKeyRevokedReason>(),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId)],
)

export type ApiKeyRow = typeof apiKeys.$inferSelect
