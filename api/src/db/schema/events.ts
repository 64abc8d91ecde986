import { bigint, bigserial, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'

/**
 * The events outbox (issue 31, api/src/events): a use case writes what happened here in the
 * transaction of the change, so an event exists exactly when the change committed. The relay
 * hands waiting rows to pg-boss and stamps `dispatched_at` in one transaction.
 */
export const outboxEvents = app.table('outbox_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
})

/** Which handler has handled which event: written in the handler's transaction, so a second delivery is a no-op. */
export const handledEvents = app.table(
  'handled_events',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    handler: text('handler').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.handler] })],
)
