import { sql, type SQL } from 'drizzle-orm'
import { OUTBOX_CHANNEL, SITE_REBUILD_REQUESTED } from '@permitdesk/shared'

/** A drizzle database or transaction: what Payload's postgres adapter hands out. */
export type Executor = { execute: (query: SQL) => Promise<unknown> }

/**
 * Writes "the site must be rebuilt" into the API's events outbox (app.outbox_events, issue 31) on
 * `db`: in the Payload change's own transaction, the event exists exactly when the change committed.
 * The API's relay delivers it to the site rebuild (api/src/jobs/site-rebuild.ts).
 */
export async function insertSiteRebuildEvent(db: Executor, reason: string): Promise<void> {
  await db.execute(sql`insert into app.outbox_events (type, payload) values (${SITE_REBUILD_REQUESTED}, ${JSON.stringify({ reason })}::jsonb)`)
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`)
}
