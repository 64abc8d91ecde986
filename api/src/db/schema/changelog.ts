import { bigserial, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'
import { users } from './users'

/** One changed field: value before and after. */
export type FieldChange = { from: unknown; to: unknown }

/**
 * Every write to a promotion and its notes (who, when, what changed), shown by the staff console
 * (001 §2 changelog/{id}/, §7 getChangelog).
 */
export const changelog = app.table(
  'changelog',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: integer('promotion_id'),
    /** Who: the signed-in user (null for the system). */
    userId: integer('user_id').references(() => users.id),
    /** What kind of record: 'promotion', 'promotion-note', 'staff-task'. */
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    /** The operation: create, modify, archive, unarchive, delete, restore, request-lawyer-contact… */
    action: text('action').notNull(),
    /** The credential it came through (issue 24): the session's id, or the API key's. */
    sessionId: text('session_id'),
    apiKeyId: integer('api_key_id'),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('changelog_promotion_idx').on(t.promotionId, t.id)],
)

export type ChangelogRow = typeof changelog.$inferSelect
