import { sql } from 'drizzle-orm'
import { OUTBOX_CHANNEL } from '@permitdesk/shared'
import type pg from 'pg'
import { handledEvents, outboxEvents } from '../db/schema/events'
import type { Db } from '../db/client'

/** A database handle or an open transaction. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

/** Every insert into the outbox notifies this channel when its transaction commits (the relay wakes); the CMS's hooks notify it too. */
export { OUTBOX_CHANNEL }

export async function insertOutboxEvent(tx: Tx, type: string, payload: unknown): Promise<number> {
  const [row] = await tx.insert(outboxEvents).values({ type, payload }).returning({ id: outboxEvents.id })
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`)
  return row!.id
}

export type OutboxRow = { id: number; type: string; payload: unknown }
/** Runs SQL on the relay's own connection, inside its transaction (pg-boss's `db` option). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<pg.QueryResult>

/**
 * Takes up to `limit` waiting events, oldest first, in a transaction of one pooled connection:
 * `deliver` queues them (through `executeSql`, on the same connection), then they are stamped
 * dispatched and the transaction commits, so an event is queued exactly when it is marked.
 * SKIP LOCKED: relays of several processes take different rows. Answers how many were taken.
 */
export async function relayOutboxBatch(pool: pg.Pool, limit: number, deliver: (rows: OutboxRow[], executeSql: ExecuteSql) => Promise<void>): Promise<number> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<{ id: string; type: string; payload: unknown }>(
      'select id, type, payload from app.outbox_events where dispatched_at is null order by id limit $1 for update skip locked',
      [limit],
    )
    if (rows.length > 0) {
      await deliver(
        rows.map((row) => ({ id: Number(row.id), type: row.type, payload: row.payload })),
        (text, values) => client.query(text, values),
      )
      await client.query('update app.outbox_events set dispatched_at = now() where id = any($1::bigint[])', [rows.map((row) => row.id)])
    }
    await client.query('commit')
    return rows.length
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** Records that `handler` handled `eventId`; false when it already had (a second delivery). Call it in the handler's transaction. */
export async function claimHandledEvent(tx: Tx, eventId: number, handler: string): Promise<boolean> {
  const inserted = await tx.insert(handledEvents).values({ eventId, handler }).onConflictDoNothing().returning({ eventId: handledEvents.eventId })
  return inserted.length > 0
}
