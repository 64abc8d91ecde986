import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handlerQueue, startEventHandler, startOutboxRelay } from '../../api/src/events/delivery'
import { publishEvent, type DomainEvent, type EventHandler } from '../../api/src/events/events'
import { silentLogger } from '../../api/src/logger'
import { createCustomer, createPromotion } from '../factories/promotions'
import { createTestDatabase, startTestApi } from '../setup/test-api'

/**
 * Issue 31: side effects go through the outbox. An event exists only if the transaction that
 * published it committed, and a handler handles each event once however often it is delivered.
 */
let test: Awaited<ReturnType<typeof createTestDatabase>>
let boss: PgBoss
const stops: (() => Promise<void>)[] = []
/** What the handler saw, in order: only handled (claimed) events reach it. */
const seen: DomainEvent<'site.rebuild-requested'>[] = []
const recorder: EventHandler<'site.rebuild-requested'> = {
  name: 'test-recorder',
  type: 'site.rebuild-requested',
  handle: async (event) => {
    seen.push(event)
  },
}
const deps = () => ({ database: test.database, logger: silentLogger })
const reasons = () => seen.map((event) => event.payload.reason)

beforeAll(async () => {
  test = await createTestDatabase()
  boss = new PgBoss({ connectionString: test.url, schema: 'pgboss' })
  await boss.start()
  stops.push(await startEventHandler(boss, deps(), recorder, { pollingIntervalSeconds: 0.5 }))
  stops.push(startOutboxRelay(boss, deps(), { pollingIntervalMs: 200 }))
})
afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
  await boss?.stop({ graceful: false, close: true })
  await test?.drop()
})

describe('the events outbox', () => {
  it('never delivers an event published in a transaction that rolled back, and delivers the one that committed', async () => {
    await expect(
      test.database.db.transaction(async (tx) => {
        await publishEvent(tx, 'site.rebuild-requested', { reason: 'rolled back' })
        throw new Error('the change failed after publishing')
      }),
    ).rejects.toThrow('the change failed after publishing')
    await test.database.db.transaction((tx) => publishEvent(tx, 'site.rebuild-requested', { reason: 'committed' }))

    // The committed event is relayed after the (never written) rolled-back one would have been.
    await expect.poll(reasons, { timeout: 15_000 }).toContain('committed')
    expect(reasons()).not.toContain('rolled back')
    const outbox = (
      await test.database.db.execute(sql`select payload->>'reason' as reason, dispatched_at is not null as dispatched from app.outbox_events order by id`)
    ).rows
    expect(outbox).toEqual([{ reason: 'committed', dispatched: true }])
  })

  it('handles an event delivered twice once', async () => {
    const id = await test.database.db.transaction((tx) => publishEvent(tx, 'site.rebuild-requested', { reason: 'twice' }))
    await expect.poll(reasons, { timeout: 15_000 }).toContain('twice')

    // pg-boss delivers at least once: the same job again, as a retry after a lost answer would.
    const duplicate = await boss.send(handlerQueue(recorder), { eventId: id, payload: { reason: 'twice' } })
    expect(duplicate).toBeTruthy()
    await expect.poll(async () => (await boss.getJobById(handlerQueue(recorder), duplicate!))?.state, { timeout: 15_000 }).toBe('completed')

    expect(reasons().filter((reason) => reason === 'twice')).toHaveLength(1)
    const handled = (await test.database.db.execute(sql`select handler from app.handled_events where event_id = ${id}`)).rows
    expect(handled).toEqual([{ handler: 'test-recorder' }])
  })

  it('retries a handler that failed, and the failed attempt leaves no record', async () => {
    let failures = 0
    const flaky: EventHandler<'promotion.saved'> = {
      name: 'test-flaky',
      type: 'promotion.saved',
      handle: async (event, tx) => {
        await tx.execute(sql`select 1`)
        if (failures++ === 0) throw new Error('first attempt fails')
        seen.push({ ...event, type: 'site.rebuild-requested', payload: { reason: `saved ${event.payload.promotionId}` } })
      },
    }
    stops.push(await startEventHandler(boss, deps(), flaky, { pollingIntervalSeconds: 0.5, retryLimit: 2 }))
    await boss.updateQueue(handlerQueue(flaky), { retryDelay: 0, retryBackoff: false })
    await test.database.db.transaction((tx) => publishEvent(tx, 'promotion.saved', { promotionId: 42, statusId: 1 }))
    await expect.poll(reasons, { timeout: 20_000 }).toContain('saved 42')
    expect(failures).toBe(2)
    expect(reasons().filter((reason) => reason === 'saved 42')).toHaveLength(1)
  })
})

describe('what the promotion use cases publish', () => {
  it("a save publishes promotion.saved once; a stale save and another customer's save publish nothing", async () => {
    const api = await startTestApi()
    try {
      const alice = await createCustomer(api)
      const mallory = await createCustomer(api)
      const id = await createPromotion(alice.client)
      const published = async () =>
        (await api.database.db.execute(sql`select type, payload from app.outbox_events where (payload->>'promotionId')::int = ${id} order by id`)).rows as {
          type: string
          payload: { promotionId: number }
        }[]
      const before = (await published()).length

      const opened = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
      expect((await alice.client.post('/api/promotion/save', { ...opened, name: 'Window one', versionNumber: opened.versionNumber })).status).toBe(200)
      const afterSave = await published()
      expect(afterSave.slice(before)).toEqual([{ type: 'promotion.saved', payload: expect.objectContaining({ promotionId: id }) }])

      // Refused saves change nothing, so they announce nothing.
      expect((await alice.client.post('/api/promotion/save', { ...opened, name: 'Window two', versionNumber: opened.versionNumber })).status).toBe(409)
      expect((await mallory.client.post('/api/promotion/save', { ...opened, name: 'Not mine' })).status).toBe(404)
      expect(await published()).toEqual(afterSave)
    } finally {
      await api.close()
    }
  })
})
