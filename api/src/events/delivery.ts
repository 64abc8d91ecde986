import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client'
import type { Logger } from '../logger'
import type { DomainEvent, EventHandler, EventType } from './events'
import { claimHandledEvent, OUTBOX_CHANNEL, relayOutboxBatch } from './events.repository'

export type DeliveryDeps = { database: Database; logger: Logger }
type EventJob = { eventId: number; payload: unknown }

export const handlerQueue = (handler: Pick<EventHandler, 'name'>) => `event.${handler.name}`

/**
 * Moves committed outbox events into pg-boss (`publish`: one job per subscribed handler queue).
 * Woken by the outbox's NOTIFY on commit; polls too, so a missed notice (a lost connection)
 * only delays an event. Any number of processes may run it (the batch is taken SKIP LOCKED).
 */
export function startOutboxRelay(boss: PgBoss, { database, logger }: DeliveryDeps, { pollingIntervalMs = 5000, batchSize = 100 } = {}) {
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  const drain = async () => {
    do {
      again = false
      const taken = await relayOutboxBatch(database.pool, batchSize, async (rows, executeSql) => {
        for (const row of rows) await boss.publish(row.type, { eventId: row.id, payload: row.payload } satisfies EventJob, { db: { executeSql } })
      })
      if (taken === batchSize) again = true
    } while (again && !stopped)
  }
  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drain()
      .catch((error: unknown) => logger.error('could not relay outbox events', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = undefined
      })
  }
  const unsubscribe = database.notifications.subscribe(OUTBOX_CHANNEL, { onNotice: wake, onState: (listening) => listening && wake() })
  const timer = setInterval(wake, pollingIntervalMs)
  timer.unref()
  wake()
  return async () => {
    stopped = true
    clearInterval(timer)
    unsubscribe()
    await running
  }
}

/**
 * Subscribes one handler: its own queue, subscribed to its event type, worked here. Each job runs
 * in a transaction that first records (event id, handler name): a job delivered twice finds the
 * record and does nothing; a handler that throws rolls the record back and pg-boss retries it.
 */
export async function startEventHandler<K extends EventType>(
  boss: PgBoss,
  { database, logger }: DeliveryDeps,
  handler: EventHandler<K>,
  { pollingIntervalSeconds = 0.5, retryLimit = 5 } = {},
) {
  const queue = handlerQueue(handler)
  await boss.createQueue(queue, { retryLimit, retryDelay: 5, retryBackoff: true })
  await boss.subscribe(handler.type, queue)
  const workerId = await boss.work<EventJob>(queue, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (!job) return
    const event = { id: job.data.eventId, type: handler.type, payload: job.data.payload } as DomainEvent<K>
    try {
      await database.db.transaction(async (tx) => {
        if (await claimHandledEvent(tx, event.id, handler.name)) await handler.handle(event, tx)
      })
    } catch (error) {
      // drizzle wraps the database's own error (a deadlock, a constraint) as the cause: log it too.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
      logger.error('an event handler failed', {
        handler: handler.name,
        eventId: event.id,
        error: error instanceof Error ? error.message : String(error),
        cause,
      })
      throw error
    }
  })
  return async () => {
    await boss.offWork(queue, { id: workerId })
  }
}
