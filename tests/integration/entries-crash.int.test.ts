/**
 * Issue 27, durable entries: the server (a child process, as `npm start` without the CMS) is
 * killed with SIGKILL during a burst of entries through the hosted form's endpoint; after a
 * restart every entry number that was acknowledged is in the table. The kill comes once enough
 * answers are in, with requests still in flight: no timing.
 */
import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { addDays, addYears, sydneyDateOf } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../api/src/db/embedded'
import { users } from '../../api/src/db/schema/users'
import { createSession, SESSION_COOKIE } from '../../api/src/modules/account/session-store'
import { repoRoot } from '../../api/src/server/paths'
import { waivePayment } from '../factories/payments'
import { promotionInput } from '../factories/promotions'
import { Client, createTestDatabase } from '../setup/test-api'
import type { Database } from '../../api/src/db/client'
import { startApiServerProcess } from '../setup/api-server-process'

const WORKERS = 16
const KILL_AFTER = 150

let db: { url: string; database: Database; drop: () => Promise<void> }
let port = 0
let dataDir = ''
let server: ChildProcess | undefined

const startServer = () => startApiServerProcess({ port, databaseUrl: db.url, dataDir })

async function userClient(isStaff = false): Promise<Client> {
  const [user] = await db.database.db
    .insert(users)
    .values({
      email: `entries-crash-${crypto.randomBytes(5).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Pat',
      lastName: 'Promoter',
      accountName: 'Pat Promotions',
      isStaff,
    })
    .returning()
  const client = new Client(`http://127.0.0.1:${port}`)
  ;(client as unknown as { cookies: Map<string, string> }).cookies.set(SESSION_COOKIE, await createSession(db.database.db, user!.id))
  return client
}

beforeAll(async () => {
  db = await createTestDatabase()
  port = await findFreePort()
  dataDir = path.join(repoRoot, '.test-data', `entries-crash-${crypto.randomBytes(4).toString('hex')}`)
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

describe('kill -9 during a burst of entries', () => {
  it('loses no acknowledged entry', async () => {
    const promoter = await userClient()
    const created = await promoter.post('/api/promotion/create', promotionInput({ randomDraw: true }))
    expect(created.status, created.text).toBe(200)
    const promotionId = created.body.id as number
    await waivePayment(await userClient(true), promotionId)
    const today = sydneyDateOf(new Date())
    const permit = { startDate: addDays(today, -1), endDate: addDays(today, 5), under18s: true }
    await db.database.db.execute(sql`update app.promotions set permit = permit || ${JSON.stringify(permit)}::jsonb where id = ${promotionId}`)
    const form = await promoter.get(`/api/entries/form?promotionId=${promotionId}`)
    expect((await promoter.post('/api/entries/form/open', { promotionId, open: true })).status).toBe(200)

    const acknowledged: number[] = []
    let killed: Promise<void> | null = null
    let n = 0
    const entrant = new Client(`http://127.0.0.1:${port}`)
    const worker = async () => {
      while (!killed) {
        n += 1
        const entry = { name: `Burst Entrant`, email: `burst${n}@example.com`, postcode: '2000', dateOfBirth: addYears(today, -30) }
        try {
          const answer = await entrant.post('/api/entries/enter', { code: form.body.code, entry })
          if (answer.status === 201) acknowledged.push(answer.body.entryNumber)
        } catch {
          // The connection was cut by the kill: not acknowledged, so nothing is owed.
        }
        if (acknowledged.length >= KILL_AFTER && !killed) {
          const child = server!
          killed = new Promise<void>((resolve) => child.once('exit', () => resolve()))
          child.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker))
    await killed
    server = await startServer()

    const { rows } = await db.database.pool.query<{ id: string }>('select id from app.entries where promotion_id = $1', [promotionId])
    const stored = new Set(rows.map((r) => Number(r.id)))
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
    // The restarted server takes entries again.
    const after = await entrant.post('/api/entries/enter', {
      code: form.body.code,
      entry: { name: 'After Restart', email: 'after@example.com', postcode: '2000', dateOfBirth: addYears(today, -30) },
    })
    expect(after.status).toBe(201)
  }, 240_000)
})
