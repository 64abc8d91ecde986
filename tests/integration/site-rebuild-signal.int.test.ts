/**
 * Issue 31: the CMS asks for a site rebuild through the API's events outbox, not a process-wide
 * bridge. A Payload change writes `site.rebuild-requested` in its own transaction (so a change that
 * rolls back asks for nothing), and the API's relay hands it to the rebuild's subscriber, which
 * queues one debounced rebuild job. The rebuild itself is not run here (site-rebuild-failure.int).
 */
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEventHandler, startOutboxRelay } from '../../api/src/events/delivery'
import { SITE_REBUILD_QUEUE, siteRebuildHandler } from '../../api/src/jobs/site-rebuild'
import { silentLogger } from '../../api/src/logger'
import { startTestApi, type TestApi } from '../setup/test-api'
import { startPayload, type TestPayload } from '../setup/payload'

let api: TestApi
let payload: Payload
let cms: TestPayload
let boss: PgBoss
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  api = await startTestApi()
  cms = await startPayload(api)
  payload = cms.payload
  boss = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
  await boss.start()
  // The queue as startSiteRebuilds makes it, without its worker (no build runs here).
  await boss.createQueue(SITE_REBUILD_QUEUE, { policy: 'stately' })
  const deps = { database: api.database, logger: silentLogger }
  stops.push(await startEventHandler(boss, deps, siteRebuildHandler(boss), { pollingIntervalSeconds: 0.5 }))
  stops.push(startOutboxRelay(boss, deps, { pollingIntervalMs: 200 }))
}, 60_000)
afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
  await boss?.stop({ graceful: false, close: true })
  await cms?.close()
  await api?.close()
})

const requests = async () =>
  (await api.database.db.execute(sql`select payload->>'reason' as reason from app.outbox_events where type = 'site.rebuild-requested' order by id`)).rows.map(
    (row) => row.reason as string,
  )
const rebuildJobs = async () =>
  (await api.database.db.execute(sql`select data->>'reason' as reason from pgboss.job where name = ${SITE_REBUILD_QUEUE}`)).rows.map(
    (row) => row.reason as string,
  )

describe('a CMS change asks for a site rebuild through the outbox', () => {
  it('a change that rolled back asks for nothing; the one that committed is queued as a rebuild', async () => {
    const { createLocalReq, initTransaction, killTransaction } = await import('payload')
    const before = await requests()

    // An editor's save whose transaction is rolled back (as a later failure in the same change would).
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    await payload.updateGlobal({ slug: 'site-settings', data: { productName: 'Rolled Back Desk' }, req, overrideAccess: true })
    await killTransaction(req)
    expect(await requests()).toEqual(before)

    // A save that commits: its event, and then one rebuild job with its reason.
    await payload.updateGlobal({ slug: 'site-settings', data: { productName: 'PermitDesk' }, overrideAccess: true })
    expect(await requests()).toEqual([...before, 'site-settings changed'])
    await expect.poll(rebuildJobs, { timeout: 20_000 }).toContain('site-settings changed')
    const handled = (await api.database.db.execute(sql`select count(*)::int as n from app.handled_events where handler = 'site-rebuild'`)).rows[0]!.n
    expect(handled).toBe(before.length + 1)
  })

  it('a seed (skipSiteRebuild) asks for nothing', async () => {
    const before = await requests()
    await payload.updateGlobal({ slug: 'site-settings', data: { productName: 'PermitDesk' }, overrideAccess: true, context: { skipSiteRebuild: true } })
    expect(await requests()).toEqual(before)
  })
})
