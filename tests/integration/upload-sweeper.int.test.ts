import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../api/src/logger'
import { startUploadSweeper, UPLOAD_SWEEP_QUEUE } from '../../api/src/jobs/upload-sweeper'
import { sweepUploads } from '../../api/src/modules/upload/sweep-uploads'
import { LocalFileStorage } from '../../api/src/storage/storage'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'
import { pollUntil } from '../setup/poll'

/** Issue 18: a pg-boss job removes uploads never attached to anything after 24 hours. */
let api: TestApi
let alice: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
async function upload(name: string): Promise<string> {
  const data = new FormData()
  data.append('file', new Blob([pdfBytes]), name)
  const response = await alice.client.upload('/api/Upload', data)
  expect(response.status).toBe(201)
  return response.body.serverFileName
}
const backdate = (name: string, hours: number) =>
  api.database.db.execute(sql`update app.uploads set created_at = now() - make_interval(hours => ${hours}) where server_file_name = ${name}`)
const rowExists = async (name: string) => (await api.database.db.execute(sql`select 1 from app.uploads where server_file_name = ${name}`)).rows.length === 1
const fileExists = (name: string) => fs.existsSync(path.join(api.config.DATA_DIR, 'uploads', name))

describe('the upload sweeper', () => {
  let files: Record<'lost' | 'attached' | 'permit' | 'recent' | 'lostToo', string>
  beforeAll(async () => {
    files = {
      lost: await upload('lost.pdf'),
      attached: await upload('terms.pdf'),
      permit: await upload('permit.pdf'),
      recent: await upload('recent.pdf'),
      lostToo: await upload('lost2.pdf'),
    }
    // Attached through the real call (saveAttachments), as the permit editor does.
    const id = await createPromotion(alice.client)
    const version = (await api.database.db.execute(sql`select version from app.promotions where id = ${id}`)).rows[0]!.version as number
    const saved = await alice.client.post('/api/promotion/saveAttachments', {
      id,
      versionNumber: version,
      attachments: [{ attachmentType: { code: 'B' }, uploaded: true, fileName: files.attached }],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // A permit number's approval document (staff save it with the permit number).
    await api.database.db.execute(
      sql`update app.promotions set permit_numbers = ${JSON.stringify({ nsw: { number: 'TP/01234', approvalDate: '2026-01-01', expiryDate: null, fileName: files.permit } })}::jsonb where id = ${id}`,
    )
    for (const name of [files.lost, files.attached, files.permit, files.lostToo]) await backdate(name, 25)
    await backdate(files.recent, 23)
  })

  it('removes only the uploads older than 24 hours that nothing refers to, rows and files', async () => {
    const storage = new LocalFileStorage(api.config.DATA_DIR)
    const { removed } = await sweepUploads({ db: api.database.db, storage, logger: silentLogger })
    expect(removed).toBe(2)
    for (const name of [files.lost, files.lostToo]) {
      expect(await rowExists(name)).toBe(false)
      expect(fileExists(name)).toBe(false)
      expect((await alice.client.get(`/download/upload/${name}`)).status).toBe(404)
    }
    for (const name of [files.attached, files.permit, files.recent]) {
      expect(await rowExists(name)).toBe(true)
      expect(fileExists(name)).toBe(true)
    }
  })

  it('is the upload-sweep pg-boss job, scheduled hourly, which does the same when it runs', async () => {
    const stray = await upload('stray.pdf')
    await backdate(stray, 48)
    const boss = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
    await boss.start()
    try {
      await startUploadSweeper(
        boss,
        { db: api.database.db, storage: new LocalFileStorage(api.config.DATA_DIR), logger: silentLogger },
        { pollingIntervalSeconds: 0.5 },
      )
      expect((await boss.getSchedules()).map((s) => s.name)).toContain(UPLOAD_SWEEP_QUEUE)
      await boss.send(UPLOAD_SWEEP_QUEUE, {})
      await pollUntil(async () => !(await rowExists(stray)), 'the sweeper to remove the stray upload')
      expect(fileExists(stray)).toBe(false)
      expect(await rowExists(files.attached)).toBe(true)
    } finally {
      await boss.stop({ graceful: false, close: true })
    }
  })
})
