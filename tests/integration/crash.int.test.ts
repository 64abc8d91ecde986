/**
 * Crash safety (issue 18): the server runs as a child process on a PostgreSQL that outlives it;
 * under a load of promotion saves and card payments it is killed with SIGKILL, then started
 * again. Then:
 *  - every save and every payment that was answered 2xx is in the database;
 *  - nothing is half-written (a payment without its paid invoice, a paid invoice without its
 *    payment or without the status it pays for, a status without its changelog row);
 *  - no invoice is duplicated, and replaying an answered request's Idempotency-Key answers the
 *    original answer (the same invoice) without writing anything;
 *  - a pg-boss job queued before the kill runs after the restart.
 * The kill comes when enough answers are in, with requests still in flight: no timing.
 */
import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PgBoss } from 'pg-boss'
import { MSG_IDEMPOTENCY_IN_PROGRESS } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { findFreePort } from '../../api/src/db/embedded'
import { users } from '../../api/src/db/schema/users'
import { HOUSEKEEPING_QUEUE } from '../../api/src/jobs/housekeeping'
import { createSession, SESSION_COOKIE } from '../../api/src/modules/account/session-store'
import { repoRoot } from '../../api/src/server/paths'
import { withCompleteApplication } from '../factories/permit'
import { promotionInput } from '../factories/promotions'
import { Client, createTestDatabase } from '../setup/test-api'
import type { Database } from '../../api/src/db/client'
import { startApiServerProcess } from '../setup/api-server-process'

const VISA = { cardName: 'Pat Promoter', cardNumber: '4242 4242 4242 4242', cardSecurityCode: '123', cardExpiry: '12/35' }
const SAVE_WORKERS = 4
const PAYMENTS = 12
/** The kill comes once this many of each were answered (the rest are in flight or not yet sent). */
const KILL_AFTER = { saves: 4, payments: 5 }

let db: { url: string; database: Database; drop: () => Promise<void> }
let port = 0
let dataDir = ''
let server: ChildProcess | undefined

/** tests/setup/api-server.ts in a process of its own, on this file's port, database and data directory. */
const startServer = () => startApiServerProcess({ port, databaseUrl: db.url, dataDir })

async function killHard(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

const baseUrl = () => `http://127.0.0.1:${port}`
const query = async (text: string, params: unknown[] = []) => (await db.database.pool.query(text, params)).rows

/** A customer inserted with a live session; its client is signed in. */
async function customer(): Promise<{ id: number; token: string }> {
  const [user] = await db.database.db
    .insert(users)
    .values({
      email: `crash-${crypto.randomBytes(5).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Pat',
      lastName: 'Promoter',
      accountName: 'Pat Promotions',
    })
    .returning()
  return { id: user!.id, token: await createSession(db.database.db, user!.id) }
}
function clientOf(token: string) {
  const client = new Client(baseUrl())
  ;(client as unknown as { cookies: Map<string, string> }).cookies.set(SESSION_COOKIE, token)
  return client
}

async function createPromotion(client: Client) {
  const created = await client.post('/api/promotion/create', promotionInput())
  expect(created.status, created.text).toBe(200)
  return created.body.id as number
}

/** A promotion in "Ready for submission": complete application, terms and advert attached. */
async function readyPromotion(client: Client) {
  const id = await createPromotion(client)
  const current = await client.get(`/api/promotion/get?id=${id}`)
  const saved = await client.post('/api/promotion/save', withCompleteApplication(current.body))
  expect(saved.status, saved.text).toBe(200)
  const attachments = []
  for (const [code, name] of [
    ['B', 'terms.pdf'],
    ['E', 'advert.pdf'],
  ]) {
    const form = new FormData()
    form.append('file', new Blob([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')]), name)
    const uploaded = await client.upload('/api/Upload', form)
    expect(uploaded.status, uploaded.text).toBe(201)
    attachments.push({ attachmentType: { code }, uploaded: true, fileName: uploaded.body.serverFileName })
  }
  const attached = await client.post('/api/promotion/saveAttachments', { id, versionNumber: saved.body.versionNumber, attachments })
  expect(attached.body.permitStatus?.slug, attached.text).toBe('ready-submission')
  return id
}

type Sent = { kind: 'save' | 'payment'; key: string; promotionId: number; body: any; token: string; status?: number; answer?: any }

beforeAll(async () => {
  db = await createTestDatabase()
  port = await findFreePort()
  dataDir = path.join(repoRoot, '.test-data', `crash-${crypto.randomBytes(4).toString('hex')}`)
  server = await startServer()
}, 180_000)

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGINT')
    await exited
  }
  await db?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('kill -9 under load, then restart', () => {
  it('keeps every answered save and payment, nothing half-written, no duplicate invoice, and queued jobs run', async () => {
    // Two payers with six ready promotions each; four savers with a promotion each.
    const payers = [await customer(), await customer()]
    const toPay: Array<{ promotionId: number; token: string }> = []
    for (let i = 0; i < PAYMENTS; i++) {
      const payer = payers[i % payers.length]!
      toPay.push({ promotionId: await readyPromotion(clientOf(payer.token)), token: payer.token })
    }
    const savers = await Promise.all(
      Array.from({ length: SAVE_WORKERS }, async () => {
        const saver = await customer()
        return { token: saver.token, promotionId: await createPromotion(clientOf(saver.token)) }
      }),
    )
    // A job due shortly (the hourly pruning, with an expired row for it to prune), queued before the kill.
    await query(`insert into app.rate_limits (key, count, reset_at) values ('crash-test-expired', 1, now() - interval '1 hour')`)
    const boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false, migrate: false })
    await boss.start()

    const sent: Sent[] = []
    let answered = { saves: 0, payments: 0 }
    let killed: Promise<void> | undefined
    let jobId: string | null = null
    const serverNow = server!
    const inFlight = (kind: Sent['kind']) => sent.some((e) => e.kind === kind && e.status === undefined)
    // The kill comes with a save and a payment in flight (the workers send the next one at once).
    const afterAnswer = () => {
      if (killed || answered.saves < KILL_AFTER.saves || answered.payments < KILL_AFTER.payments) return
      if (inFlight('save') && inFlight('payment')) kill()
    }
    const kill = () => {
      killed ??= (async () => {
        jobId = await boss.send(HOUSEKEEPING_QUEUE, {}, { startAfter: 8 })
        await killHard(serverNow)
      })()
    }
    const send = async (entry: Sent, pathName: string) => {
      sent.push(entry)
      try {
        const response = await clientOf(entry.token).post(pathName, entry.body, { 'Idempotency-Key': entry.key })
        entry.status = response.status
        entry.answer = response.body
        if (response.status >= 200 && response.status < 300) {
          answered = { ...answered, [entry.kind === 'save' ? 'saves' : 'payments']: answered[entry.kind === 'save' ? 'saves' : 'payments'] + 1 }
          afterAnswer()
        }
        return response.status
      } catch {
        return undefined // no answer: the server is gone
      }
    }

    const saving = savers.map(async ({ token, promotionId }, worker) => {
      for (let n = 1; ; n++) {
        let current
        try {
          current = await clientOf(token).get(`/api/promotion/get?id=${promotionId}`)
        } catch {
          return
        }
        if (current.status !== 200) return
        const status = await send(
          { kind: 'save', key: `save-${worker}-${n}`, promotionId, token, body: { ...current.body, name: `Crash save ${worker}-${n}` } },
          '/api/promotion/save',
        )
        if (status === undefined) return
        expect(status).toBe(200)
      }
    })
    const paying = [0, 1].map(async (lane) => {
      for (const { promotionId, token } of toPay.filter((_, i) => i % 2 === lane)) {
        const status = await send(
          { kind: 'payment', key: `pay-${promotionId}`, promotionId, token, body: { id: promotionId, ...VISA } },
          '/api/promotion/submitPermitApplication',
        )
        if (status === undefined) return
        expect(status).toBe(200)
      }
    })
    // Should every payment be answered first, the kill comes then (the savers never stop by themselves).
    await Promise.all([...saving, Promise.all(paying).then(kill)])
    await killed
    expect(killed, 'the load ended before the kill').toBeDefined()
    expect(serverNow.signalCode).toBe('SIGKILL')
    // Dead: the queued job cannot have run.
    expect((await query('select state from pgboss.job where id = $1', [jobId]))[0]?.state).toBe('created')
    await boss.stop({ graceful: false, close: true })

    const ok = (entry: Sent) => entry.status !== undefined && entry.status >= 200 && entry.status < 300
    const answeredSaves = sent.filter((e) => e.kind === 'save' && ok(e))
    const answeredPayments = sent.filter((e) => e.kind === 'payment' && ok(e))
    const unanswered = sent.filter((e) => e.status === undefined)
    expect(answeredSaves.length).toBeGreaterThanOrEqual(KILL_AFTER.saves)
    expect(answeredPayments.length).toBeGreaterThanOrEqual(KILL_AFTER.payments)
    // Requests were in flight at the kill (a payment almost always too; the claim of a dead
    // process is also tested head-on in session-cache.int.test.ts).
    expect(unanswered.length, 'requests in flight at the kill').toBeGreaterThan(0)

    server = await startServer()

    // Every answered save is in the database: its change in the changelog, the row at least at its version.
    for (const save of answeredSaves) {
      const logged = await query(`select 1 from app.changelog where promotion_id = $1 and changes->'name'->>'to' = $2`, [save.promotionId, save.body.name])
      expect(logged, `save ${save.key}`).toHaveLength(1)
      const [row] = await query('select version from app.promotions where id = $1', [save.promotionId])
      expect(row.version).toBeGreaterThanOrEqual(save.answer.versionNumber)
    }
    // Every answered payment: its succeeded payment, its paid invoice, the status it paid for, its changelog row.
    for (const payment of answeredPayments) {
      const invoiceNumber = payment.answer.invoice.invoiceNumber
      const [invoice] = await query(
        `select i.id, i.paid_at, p.status_id from app.invoices i join app.promotions p on p.id = i.promotion_id where i.invoice_number = $1`,
        [invoiceNumber],
      )
      expect(invoice?.paid_at, `payment ${payment.key}`).not.toBeNull()
      expect(invoice.status_id).toBe(payment.answer.permitStatus.id)
      expect(await query(`select 1 from app.payments where invoice_id = $1 and status = 'succeeded'`, [invoice.id])).toHaveLength(1)
      expect(await query(`select 1 from app.changelog where promotion_id = $1 and action = 'submitPermitApplication'`, [payment.promotionId])).toHaveLength(1)
    }

    // Nothing half-written anywhere in the database.
    const promotionIds = [...new Set([...toPay.map((p) => p.promotionId), ...savers.map((s) => s.promotionId)])]
    expect(
      await query(`select p.id from app.payments p join app.invoices i on i.id = p.invoice_id where p.status = 'succeeded' and i.paid_at is null`),
    ).toEqual([])
    expect(
      await query(
        `select i.id from app.invoices i where i.paid_at is not null and i.method = 'card' and not exists (select 1 from app.payments p where p.invoice_id = i.id and p.status = 'succeeded')`,
      ),
    ).toEqual([])
    // A paid submission invoice means the promotion left "Ready for submission" (2), in the same transaction.
    expect(
      await query(`select i.id from app.invoices i join app.promotions p on p.id = i.promotion_id where i.paid_at is not null and p.status_id = 2`),
    ).toEqual([])
    // Each promotion's status is the one its last logged status change says.
    const statusDrift = await query(
      `select p.id, p.status_id, last.to_status from app.promotions p
         cross join lateral (select (c.changes->'statusId'->>'to')::int as to_status from app.changelog c
                             where c.promotion_id = p.id and c.changes ? 'statusId' order by c.id desc limit 1) last
        where p.id = any($1) and p.status_id <> last.to_status`,
      [promotionIds],
    )
    expect(statusDrift).toEqual([])
    // No duplicate invoice: one submission invoice per paid promotion.
    expect(await query(`select promotion_id from app.invoices where purpose = 'submission' group by promotion_id having count(*) > 1`)).toEqual([])
    // Every answered request's idempotency answer is kept.
    for (const entry of [...answeredSaves, ...answeredPayments]) {
      const [key] = await query('select status from app.idempotency_keys where key = $1', [entry.key])
      expect(key?.status, entry.key).toBe(200)
    }

    // Replaying an answered payment's key after the restart answers the original: the same invoice, nothing new.
    const invoicesBefore = await query('select count(*)::int as n from app.invoices')
    const paymentsBefore = await query('select count(*)::int as n from app.payments')
    for (const payment of answeredPayments) {
      const replay = await clientOf(payment.token).post('/api/promotion/submitPermitApplication', payment.body, { 'Idempotency-Key': payment.key })
      expect(replay.status).toBe(200)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body.invoice.invoiceNumber).toBe(payment.answer.invoice.invoiceNumber)
    }
    for (const save of answeredSaves.slice(-SAVE_WORKERS)) {
      const replay = await clientOf(save.token).post('/api/promotion/save', save.body, { 'Idempotency-Key': save.key })
      expect(replay.status).toBe(200)
      expect(replay.body.versionNumber).toBe(save.answer.versionNumber)
    }
    expect(await query('select count(*)::int as n from app.invoices')).toEqual(invoicesBefore)
    expect(await query('select count(*)::int as n from app.payments')).toEqual(paymentsBefore)

    // The requests the kill cut off were claimed but never answered. Sent again with the same key
    // they run again (the claiming process is dead), instead of "still being processed" for 24 h:
    // a save runs or meets the newer version it made; a payment is paid once, never twice.
    for (const save of unanswered.filter((e) => e.kind === 'save')) {
      const retry = await clientOf(save.token).post('/api/promotion/save', save.body, { 'Idempotency-Key': save.key })
      expect(retry.body.message, save.key).not.toBe(MSG_IDEMPOTENCY_IN_PROGRESS)
      expect([200, 409], `${save.key}: ${retry.text}`).toContain(retry.status)
    }
    for (const payment of unanswered.filter((e) => e.kind === 'payment')) {
      const retry = await clientOf(payment.token).post('/api/promotion/submitPermitApplication', payment.body, { 'Idempotency-Key': payment.key })
      expect(retry.status, `${payment.key}: ${retry.text}`).toBe(200)
      expect(await query(`select 1 from app.invoices where promotion_id = $1 and paid_at is not null`, [payment.promotionId])).toHaveLength(1)
      expect(await query(`select 1 from app.payments where promotion_id = $1 and status = 'succeeded'`, [payment.promotionId])).toHaveLength(1)
    }

    // The job queued before the kill runs after the restart.
    await vi.waitFor(async () => expect((await query('select state from pgboss.job where id = $1', [jobId]))[0]?.state).toBe('completed'), {
      timeout: 90_000,
      interval: 250,
    })
    expect(await query(`select 1 from app.rate_limits where key = 'crash-test-expired'`)).toEqual([])
  }, 300_000)
})
