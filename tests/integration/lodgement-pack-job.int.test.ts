/**
 * The lodgement pack built by a pg-boss job (issue 12): queued by the submission (through the
 * `lodgementPack.requested` event and its handler, as main.ts runs them, issue 31), progress
 * readable through GET /api/promotion/lodgementPack (queued / building n of m / ready / failed
 * with the reason), the download serving the stored zip (409 with a clear message while it is
 * built), a retry after a transient failure, and a final failure reported to staff.
 *
 * The file store is the one outside service here: a fake over the real local storage that can
 * hold a write (to read the progress mid-build) or fail it, as a slow or failing S3 would.
 */
import {
  dollarsToCents,
  formatCurrency,
  MSG_LODGEMENT_PACK_BUILDING,
  MSG_LODGEMENT_PACK_FAILED,
  MSG_LODGEMENT_PACK_STORAGE_FAILED,
  msgServiceUnpaid,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLodgementPackWorker } from '../../api/src/jobs/lodgement-pack'
import { startTermsApproved } from '../../api/src/jobs/terms-approved'
import type { AppDeps } from '../../api/src/deps'
import { silentLogger } from '../../api/src/logger'
import { handlerQueue, startOutboxRelay } from '../../api/src/events/delivery'
import { publishEvent } from '../../api/src/events/events'
import { PdfService } from '../../api/src/pdf/pdf-service'
import { LocalFileStorage, type FileStorage } from '../../api/src/storage/storage'
import { createCustomer, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { readyPromotion, VISA } from '../factories/payments'
import { pollUntil } from '../setup/poll'

/** The local store, with writes of chosen keys held until released, or failed a number of times. */
class ControllableStorage implements FileStorage {
  readonly held = new Map<string, { release: () => void; reached: Promise<void> }>()
  readonly failures = new Map<string, number>()
  private readonly inner: LocalFileStorage
  private reachedResolvers = new Map<string, () => void>()
  constructor(root: string) {
    this.inner = new LocalFileStorage(root)
  }
  /** The next write of a key starting with `prefix` waits for `release()`. */
  hold(prefix: string) {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const reached = new Promise<void>((resolve) => this.reachedResolvers.set(prefix, resolve))
    this.held.set(prefix, { release, reached })
    this.gates.set(prefix, gate)
  }
  private gates = new Map<string, Promise<void>>()
  /** The next `times` writes of keys starting with `prefix` fail as a 503 from S3 would. */
  fail(prefix: string, times: number) {
    this.failures.set(prefix, times)
  }
  async put(key: string, data: Buffer) {
    for (const [prefix, left] of this.failures) {
      if (key.startsWith(prefix) && left > 0) {
        this.failures.set(prefix, left - 1)
        throw new Error('503 Service Unavailable (SlowDown)')
      }
    }
    for (const [prefix, gate] of this.gates) {
      if (key.startsWith(prefix)) {
        this.gates.delete(prefix)
        this.reachedResolvers.get(prefix)?.()
        await gate
      }
    }
    return this.inner.put(key, data)
  }
  get = (key: string) => this.inner.get(key)
  exists = (key: string) => this.inner.exists(key)
  delete = (key: string) => this.inner.delete(key)
}

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
let boss: PgBoss
let stopWorker: () => Promise<void>
let stopRelay: () => Promise<void>
let stopTermsApproved: () => Promise<void>
let pdf: PdfService
let storage: ControllableStorage
/** This process's pack worker, as main.ts starts it; `retryLimit` as a deployment would configure it. */
const startWorker = (retryLimit?: number) =>
  startLodgementPackWorker(
    boss,
    { database: api.database, db: api.database.db, storage, pdf: () => pdf, productName: 'PermitDesk', logger: silentLogger },
    { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit },
  )
beforeAll(async () => {
  api = await startTestApi({}, { lodgementPacks: 'events' })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
  storage = new ControllableStorage(api.config.DATA_DIR)
  pdf = new PdfService({ chromiumPath: api.config.CHROMIUM_PATH })
  boss = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
  await boss.start()
  stopWorker = await startWorker()
  // Approved T&Cs become attachment B and queue the pack (issue 31), as main.ts starts it.
  stopTermsApproved = await startTermsApproved(
    boss,
    { database: api.database, db: api.database.db, storage, pdf: () => pdf, productName: 'PermitDesk', logger: silentLogger },
    { pollingIntervalSeconds: 0.5 },
  )
  stopRelay = startOutboxRelay(boss, { database: api.database, logger: silentLogger }, { pollingIntervalMs: 500 })
}, 120_000)
afterAll(async () => {
  await stopRelay?.()
  await stopTermsApproved?.()
  await stopWorker?.()
  await boss?.stop({ graceful: false, close: true })
  await pdf?.close()
  await api?.close()
})

const packOf = async (client: Client, id: number) => {
  const answer = await client.get(`/api/promotion/lodgementPack?id=${id}`)
  expect(answer.status, answer.text).toBe(200)
  return answer.body
}

/** Reads the state until `done` holds (the job runs in the background); every view seen is returned. */
async function watchPack(id: number, done: (view: any) => boolean) {
  const seen: any[] = []
  return pollUntil(
    async () => {
      const view = await packOf(alice.client, id)
      seen.push(view)
      return done(view) && seen
    },
    'the pack to get there',
    { timeoutMs: 60_000 },
  )
}

function zipEntries(zip: Buffer): string[] {
  const names: string[] = []
  let offset = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(offset + 10)
  offset = zip.readUInt32LE(offset + 16)
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28)
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'))
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32)
  }
  return names
}

describe('the lodgement pack job', () => {
  it('is unpaid before payment (requesting it is 402 saying what to pay, issue 22); another customer gets 404', async () => {
    const id = await readyPromotion(alice)
    expect((await packOf(alice.client, id)).state).toBe('unpaid')
    const request = await alice.client.post('/api/promotion/requestLodgementPack', { id })
    expect(request.status).toBe(402)
    const fees = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.permit
    expect(request.body.message).toBe(
      msgServiceUnpaid('lodgementPack', formatCurrency(dollarsToCents(fees.feeDue_Total) + dollarsToCents(fees.feeDue_GST)), `/permit/edit/${id}/payment/`),
    )
    expect((await bob.client.get(`/api/promotion/lodgementPack?id=${id}`)).status).toBe(404)
    expect((await bob.client.post('/api/promotion/requestLodgementPack', { id })).status).toBe(404)
  })

  it('is queued by the submission and built by the job, with progress; the download is 409 while building, then the stored zip', async () => {
    const id = await readyPromotion(alice)
    storage.hold(`lodgement/promotion-${id}-`)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status, paid.text).toBe(200)
    // The job prints the two forms and copies two attachments, then holds at the zip's write.
    await storage.held.get(`lodgement/promotion-${id}-`)!.reached
    const building = await packOf(alice.client, id)
    expect(building).toMatchObject({ state: 'building', step: 4, total: 5, attempts: 1, error: null, downloadUrl: null })
    // Staff read the same progress (the staff promotion page).
    expect((await packOf(staff, id)).state).toBe('building')
    const early = await alice.client.get(`/promotions/downloadpdfs/${id}`)
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(MSG_LODGEMENT_PACK_BUILDING)
    expect((await bob.client.get(`/promotions/downloadpdfs/${id}`)).status).toBe(404)

    storage.held.get(`lodgement/promotion-${id}-`)!.release()
    const seen = await watchPack(id, (view) => view.state === 'ready')
    const ready = seen.at(-1)
    expect(ready).toMatchObject({ state: 'ready', step: 5, total: 5, attempts: 1, downloadUrl: `/promotions/downloadpdfs/${id}` })
    const pack = await alice.client.get(`/promotions/downloadpdfs/${id}`)
    expect(pack.status).toBe(200)
    expect(pack.headers.get('content-type')).toBe('application/zip')
    expect(pack.bytes.length).toBe(ready.sizeBytes)
    expect(zipEntries(pack.bytes)).toEqual([
      'NSW authority application.pdf',
      'ACT permit application.pdf',
      'attachments/B - Terms and conditions.pdf',
      'attachments/E - Proposed advertisement or notice.pdf',
    ])
    // Served from storage: staff get the same bytes, and no second job ran.
    expect((await staff.get(`/promotions/downloadpdfs/${id}`)).bytes.equals(pack.bytes)).toBe(true)
    expect((await packOf(alice.client, id)).attempts).toBe(1)
  })

  it('approving the T&Cs of a paid application builds its pack again, with no one asking for it', async () => {
    const id = await readyPromotion(alice, { termsAndConditions: true })
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    await watchPack(id, (view) => view.state === 'ready')
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    const approved = await alice.client.post('/api/promotion/approveTermsAndConditions', { id })
    expect(approved.status, approved.text).toBe(200)
    // The approval published `terms.approved`: its subscriber wrote attachment B (a new version), then queued that version's pack.
    const seen = await watchPack(id, (view) => view.state === 'ready' && Date.parse(view.updatedAt) > Date.parse(approved.headers.get('date') ?? '') - 1000)
    expect(seen.at(-1).attempts).toBe(1)
    const attachments = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.attachments
    expect(attachments.find((a: any) => a.attachmentType.code === 'B')).toMatchObject({ exists: true, userFileName: 'terms-and-conditions-v1.pdf' })
    expect(zipEntries((await alice.client.get(`/promotions/downloadpdfs/${id}`)).bytes)).toContain('attachments/B - Terms and conditions.pdf')
  })

  it('an approval that rolled back attaches nothing; one delivered twice attaches B once (issue 31)', async () => {
    const { approveTerms } = await import('../../api/src/modules/terms/approve-terms')
    const id = await readyPromotion(alice, { termsAndConditions: true })
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    await watchPack(id, (view) => view.state === 'ready')
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    const attachedChanges = async () =>
      (await api.database.db.execute(sql`select id from app.changelog where promotion_id = ${id} and action = 'terms-attached'`)).rows.length
    const approvedEvents = async () =>
      (
        await api.database.db.execute<{ id: string; payload: unknown }>(
          sql`select id, payload from app.outbox_events where type = 'terms.approved' and (payload->>'promotionId')::int = ${id}`,
        )
      ).rows

    // The approval inside a transaction that fails after it: the approval and its event roll back together.
    const owner = {
      userId: (await api.database.db.execute<{ user_id: number }>(sql`select user_id from app.promotions where id = ${id}`)).rows[0]!.user_id,
      isStaff: false,
    }
    await expect(
      api.database.db.transaction(async (tx) => {
        // An approval with a job runner uses only the database (the subscriber prints B).
        const deps = { database: { ...api.database, db: tx }, logger: silentLogger, lodgementPacks: 'events' } as unknown as AppDeps
        await approveTerms(deps, owner, id)
        throw new Error('the change failed after the approval')
      }),
    ).rejects.toThrow('the change failed after the approval')
    expect(await approvedEvents()).toEqual([])
    expect((await alice.client.get(`/api/terms/get?promotionId=${id}`)).body.status).not.toBe('approved')

    // The owner approves: one event; B is attached once, and delivering the event again attaches nothing.
    expect((await alice.client.post('/api/promotion/approveTermsAndConditions', { id })).status).toBe(200)
    const [event] = await approvedEvents()
    await expect.poll(attachedChanges, { timeout: 60_000 }).toBe(1)
    const queue = handlerQueue({ name: 'terms-approved-attach' })
    const again = await boss.send(queue, { eventId: Number(event!.id), payload: event!.payload })
    await expect.poll(async () => (await boss.getJobById(queue, again!))?.state, { timeout: 30_000 }).toBe('completed')
    expect(await attachedChanges()).toBe(1)
    expect(await approvedEvents()).toHaveLength(1)
  })

  it('retries after a transient failure (the file store answered 503 once): queued with the reason, then ready on the second attempt', async () => {
    const id = await readyPromotion(alice)
    const key = `lodgement/promotion-${id}-`
    storage.fail(key, 1)
    storage.hold(key) // the second attempt's write waits, so its progress can be read
    await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    await storage.held.get(key)!.reached
    // The retry is building, and the dashboard still says why the first attempt failed.
    expect(await packOf(alice.client, id)).toMatchObject({ state: 'building', attempts: 2, step: 4, total: 5, error: MSG_LODGEMENT_PACK_STORAGE_FAILED })
    storage.held.get(key)!.release()
    const seen = await watchPack(id, (view) => view.state === 'ready')
    expect(seen.at(-1)).toMatchObject({ state: 'ready', attempts: 2, error: null })
    // One job, retried once (pg-boss marks it completed just after the handler returns).
    const job = await pollUntil(async () => {
      const rows = (
        await api.database.db.execute(sql`select state, retry_count from pgboss.job where name = 'lodgement-pack' and data->>'promotionId' = ${String(id)}`)
      ).rows as any[]
      return rows[0]?.state === 'completed' && rows
    }, 'the lodgement job to complete')
    expect(job).toEqual([{ state: 'completed', retry_count: 1 }])
    const tasks = (await api.database.db.execute(sql`select count(*)::int as n from app.staff_tasks where promotion_id = ${id} and kind = 'lodgement-pack'`))
      .rows[0] as any
    expect(tasks.n).toBe(0)
    expect((await alice.client.get(`/promotions/downloadpdfs/${id}`)).status).toBe(200)
  })

  it('a request published in a rolled-back transaction builds nothing; one delivered twice queues one build (issue 31)', async () => {
    const paid = await readyPromotion(alice)
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id: paid, ...VISA })).status).toBe(200)
    await watchPack(paid, (view) => view.state === 'ready')
    const unpaid = await readyPromotion(alice)
    const buildJobs = async (id: number) =>
      Number(
        (
          (await api.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'lodgement-pack' and data->>'promotionId' = ${String(id)}`))
            .rows[0] as any
        ).n,
      )
    const before = await buildJobs(paid)

    await expect(
      api.database.db.transaction(async (tx) => {
        await publishEvent(tx, 'lodgementPack.requested', { promotionId: unpaid, version: 1 })
        throw new Error('the change failed after publishing')
      }),
    ).rejects.toThrow('the change failed after publishing')
    const eventId = await api.database.db.transaction((tx) => publishEvent(tx, 'lodgementPack.requested', { promotionId: paid, version: 1 }))
    // The committed request (published after the rolled-back one) reaches the worker as one build job.
    await expect.poll(() => buildJobs(paid), { timeout: 20_000 }).toBe(before + 1)
    expect(await buildJobs(unpaid)).toBe(0)

    // pg-boss delivers at least once: the same event again, as a retry after a lost answer would.
    const queue = handlerQueue({ name: 'lodgement-pack-build' })
    const duplicate = await boss.send(queue, { eventId, payload: { promotionId: paid, version: 1 } })
    await expect.poll(async () => (await boss.getJobById(queue, duplicate!))?.state, { timeout: 20_000 }).toBe('completed')
    expect(await buildJobs(paid)).toBe(before + 1)
    const handled = (await api.database.db.execute(sql`select handler from app.handled_events where event_id = ${eventId}`)).rows
    expect(handled).toEqual([{ handler: 'lodgement-pack-build' }])
    await watchPack(paid, (view) => view.state === 'ready')
  })

  it('after the last retry fails: failed with the reason, a staff task, a clear 409; asking again builds it', async () => {
    // This process's worker, restarted as one configured for a single retry.
    await stopWorker()
    stopWorker = await startWorker(1)
    try {
      const id = await readyPromotion(alice)
      storage.fail(`lodgement/promotion-${id}-`, 2)
      await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
      const failed = (await watchPack(id, (view) => view.state === 'failed')).at(-1)
      expect(failed).toMatchObject({ state: 'failed', attempts: 2, error: MSG_LODGEMENT_PACK_STORAGE_FAILED, downloadUrl: null })
      const tasks = (await api.database.db.execute(sql`select kind, note from app.staff_tasks where promotion_id = ${id}`)).rows as any[]
      expect(tasks).toEqual([{ kind: 'lodgement-pack', note: expect.stringContaining(MSG_LODGEMENT_PACK_STORAGE_FAILED) }])
      expect(tasks[0].note).toContain('503')
      const download = await alice.client.get(`/promotions/downloadpdfs/${id}`)
      expect(download.status).toBe(409)
      expect(download.body.message).toBe(`${MSG_LODGEMENT_PACK_FAILED} ${MSG_LODGEMENT_PACK_STORAGE_FAILED}`)

      // The store answers again; the dashboard's "try again".
      const again = await alice.client.post('/api/promotion/requestLodgementPack', { id })
      expect(again.status, again.text).toBe(200)
      expect(['queued', 'building', 'ready']).toContain(again.body.state)
      expect((await watchPack(id, (view) => view.state === 'ready')).at(-1)).toMatchObject({ state: 'ready', error: null })
      expect((await alice.client.get(`/promotions/downloadpdfs/${id}`)).status).toBe(200)
    } finally {
      await stopWorker()
      stopWorker = await startWorker()
    }
  })
  it('the dashboard asking for the pack while a handler holds the promotion and queues it: both succeed, no deadlock', async () => {
    const id = await readyPromotion(alice)
    expect((await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })).status).toBe(200)
    await watchPack(id, (view) => view.state === 'ready')
    // As just after a payment, before its handlers ran: no pack row yet, so the dashboard asks for one.
    await api.database.db.execute(sql`delete from app.lodgement_packs where promotion_id = ${id}`)
    expect((await packOf(alice.client, id)).state).toBe('none')
    // A handler's transaction (queueLodgementPackIn): the promotion locked first.
    const handler = await api.database.pool.connect()
    try {
      await handler.query('begin')
      await handler.query('select id from app.promotions where id = $1 for update', [id])
      let answered = false
      const asked = alice.client.post('/api/promotion/requestLodgementPack', { id }).finally(() => {
        answered = true
      })
      // The request is waiting on a lock (the promotion's) before the handler goes on (or, had it not needed one, answered).
      const waitingOnLock = async () =>
        Number(
          (await handler.query<{ n: string }>(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0]!
            .n,
        )
      await expect.poll(async () => answered || (await waitingOnLock()) > 0, { timeout: 15_000 }).toBe(true)
      // The handler queues the pack row, as markLodgementPackQueued does, and commits.
      await handler.query(
        `insert into app.lodgement_packs (promotion_id, version, state) values ($1, (select version from app.promotions where id = $1), 'queued')
         on conflict (promotion_id) do update set state = 'queued', updated_at = now()`,
        [id],
      )
      await handler.query('commit')
      const answer = await asked
      expect(answer.status, answer.text).toBe(200)
    } finally {
      await handler.query('rollback').catch(() => {})
      handler.release()
    }
    await watchPack(id, (view) => view.state === 'ready')
  })
})
