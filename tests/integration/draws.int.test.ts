import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MSG_DRAW_ALREADY_COMMITTED,
  MSG_DRAW_CHAIN_OPEN,
  MSG_DRAW_COMMITTED,
  MSG_DRAW_COUNT_RANGE,
  MSG_DRAW_FILE_BINARY,
  MSG_DRAW_FILE_EMPTY,
  MSG_DRAW_FILE_NO_HEADER,
  MSG_DRAW_FILE_REQUIRED,
  MSG_DRAW_NO_SERVICE,
  MSG_DRAW_NOT_COMMITTED,
  MSG_DRAW_PRIZE_VALUES,
  MSG_MONEY_INVALID,
  MSG_DRAW_SCRUTINEER_REQUIRED,
  msgDrawFileTooLarge,
  msgDrawRaggedRow,
} from '@permitdesk/shared'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { waitForMail } from '../setup/accounts'
import { waivePayment } from '../factories/payments'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import vectors from '../../shared/src/draws/draw-vectors.json'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Customer
let promotionId: number

beforeAll(async () => {
  api = await startTestApi({ DRAW_UPLOAD_LIMIT_MB: '1' })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
  promotionId = await createPromotion(alice.client, { randomDraw: true })
  await waivePayment(staff.client, promotionId) // issue 22: these tests are about the draw, not its payment
  // Without application draw dates a draw may run from its creation (issue 23); the schedule has its own file.
  await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw' where id = ${promotionId}`)
})
afterAll(async () => api?.close())

const entriesCsv = (n: number) =>
  `entryId,name,email\n${Array.from({ length: n }, (_, i) => `E${i + 1},Entrant Number${i + 1},person${i + 1}@example.com`).join('\n')}\n`

function form(id: number | string | undefined, content: string | Buffer, name = 'entries.csv') {
  const data = new FormData()
  if (id !== undefined) data.append('id', String(id))
  data.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name)
  return data
}

async function newDraw(client: Client = alice.client, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/draw/create', { promotionId, winners: 2, reserves: 1, ...body })
  expect(response.status, response.text).toBe(200)
  return response.body as { id: number; publicId: string }
}

async function uploaded(csv: string, body: Record<string, unknown> = {}) {
  const draw = await newDraw(alice.client, body)
  const upload = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, csv))
  expect(upload.status, upload.text).toBe(200)
  return { ...draw, ...(upload.body as { entryCount: number; entriesHash: string }) }
}

/** The draw's scheduled time has come (issue 23: no draw runs before it). */
const timeHasCome = (id: number) => api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${id}`)

const entryFiles = async () =>
  (await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.draws where entries_key is not null`)).rows[0]!.n

describe('/api/draw: create', () => {
  it('takes its defaults from the application (final draw, prize count)', async () => {
    await api.database.db.execute(sql`update app.promotions set
      permit = ${JSON.stringify({ finalDraw: { date: '2027-03-01', time: '14:00', locationOrganisation: 'Pat Promotions', locationAddress: { lineOne: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' } }, applicant: { organisation: 'Pat Promotions Pty Ltd' } })}::jsonb,
      details = ${JSON.stringify({ prizeQuantityTotal: 3 })}::jsonb where id = ${promotionId}`)
    const created = await alice.client.post('/api/draw/create', { promotionId })
    expect(created.status, created.text).toBe(200)
    expect(created.body).toMatchObject({
      winners: 3,
      reserves: 0,
      drawDate: '2027-03-01',
      drawTime: '14:00',
      drawLocation: 'Pat Promotions, 1 George St, Sydney, NSW, 2000',
    })
    const record = (await alice.client.get(`/api/draw/get?id=${created.body.id}`)).body
    expect(record).toMatchObject({ promoterName: 'Pat Promotions Pty Ltd', status: 'created', algorithm: 'permitdesk-draw-v1' })
    // The draws below run now: no final draw date (the schedule is tested in draw-schedule.int.test.ts).
    await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' where id = ${promotionId}`)
  })

  it('refuses a promotion without the service, bad counts, another customer and the signed out', async () => {
    const plain = await createPromotion(alice.client, { randomDraw: false })
    const refused = await alice.client.post('/api/draw/create', { promotionId: plain })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MSG_DRAW_NO_SERVICE)
    const bad = await alice.client.post('/api/draw/create', { promotionId, winners: 0, reserves: -1 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.modelState).sort()).toEqual(['reserves', 'winners'])
    expect(JSON.stringify(bad.body)).not.toMatch(/Invalid input|Too small/)
    expect((await bob.client.post('/api/draw/create', { promotionId })).status).toBe(404)
    expect((await api.client().post('/api/draw/create', { promotionId })).status).toBe(401)
    expect((await staff.client.post('/api/draw/create', { promotionId })).status).toBe(200)
  })
})

describe('/api/draw/uploadEntries', () => {
  it('streams a CSV into canonical entries and answers the count and hash of the vectors', async () => {
    for (const v of vectors.vectors) {
      const draw = await newDraw(alice.client, { winners: 1, reserves: 0 })
      const upload = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, v.csv))
      expect(upload.status, upload.text).toBe(200)
      expect(upload.body).toEqual({ entryCount: v.canonicalEntries.split('\n').length - 1, entriesHash: v.entriesHash })
    }
  })

  it('reads an XLSX upload as the same canonical entries as its CSV', async () => {
    const { default: ExcelJS } = await import('exceljs')
    const v = vectors.vectors[3]! // fields with spaces, a comma and quotes
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Entries')
    sheet.addRow(['entryId', 'name'])
    sheet.addRow(['  E1 ', 'a@example.test'])
    sheet.addRow(['E2', 'Smith, Jo'])
    sheet.addRow(['E3', 'say "hi"'])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer())
    const draw = await newDraw(alice.client, { winners: 1, reserves: 0 })
    const upload = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, xlsx, 'entries.xlsx'))
    expect(upload.status, upload.text).toBe(200)
    expect(upload.body).toEqual({ entryCount: 3, entriesHash: v.entriesHash })
    // A zip that is not a workbook is refused like any other binary file.
    const notXlsx = await alice.client.upload(
      '/api/draw/uploadEntries',
      form(draw.id, Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), crypto.randomBytes(300)]), 'entries.xlsx'),
    )
    expect(notXlsx.status).toBe(400)
    expect(notXlsx.body.message).toBe(MSG_DRAW_FILE_BINARY)
  })

  it('gives the same canonical entries whether lines are plain, need trimming, or need the full CSV reader', async () => {
    // Plain lines, then spaces and a tab to trim, an empty row, non-ASCII text, then quotes and CRLF (csv-parse from there on).
    const rows = Array.from({ length: 3000 }, (_, i) => `E${i},p${i}@example.test`)
    const csv = [
      'entryId,email',
      ...rows.slice(0, 1000),
      ' E1000 ,\tp1000@example.test',
      '',
      'É1001,Zoë',
      ...rows.slice(1002, 2000),
      'E2000,"Smith, Jo"\r',
      ...rows.slice(2001),
    ].join('\n')
    const canonical =
      [...rows.slice(0, 1000), 'E1000,p1000@example.test', 'É1001,Zoë', ...rows.slice(1002, 2000), 'E2000,"Smith, Jo"', ...rows.slice(2001)].join('\n') + '\n'
    const draw = await newDraw()
    const upload = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, csv))
    expect(upload.status, upload.text).toBe(200)
    expect(upload.body).toEqual({ entryCount: 3000, entriesHash: crypto.createHash('sha256').update(canonical).digest('hex') })
    expect((await alice.client.get(`/download/draw/${draw.id}/entries.csv`)).text).toBe(`entryId,email\n${canonical}`)
    // A bad quote after the switch to csv-parse names its line in the whole file.
    const bad = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, 'entryId,email\nE1,a@x.test\nE2,"b@x.test\nE3,c\n'))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^Line \d+ is not valid CSV/)
  })

  it('replaces the entries before the commit, and answers 409 after', async () => {
    const draw = await uploaded(entriesCsv(5))
    const again = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(7)))
    expect(again.body.entryCount).toBe(7)
    await alice.client.post('/api/draw/commit', { id: draw.id })
    const late = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(9)))
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(MSG_DRAW_COMMITTED)
    expect((await alice.client.get(`/api/draw/get?id=${draw.id}`)).body.entryCount).toBe(7)
  })

  it.each([
    ['an empty file', '', MSG_DRAW_FILE_EMPTY],
    ['no header', '1,john@example.com\n2,jo@example.com\n', MSG_DRAW_FILE_NO_HEADER],
    ['a binary file', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), crypto.randomBytes(200)]), MSG_DRAW_FILE_BINARY],
    ['a ragged row', 'entryId,email\nE1,a@x.test\nE2,b@x.test,extra\nE3,c@x.test\n', msgDrawRaggedRow(3, 3, 2)],
    ['over the size limit', `entryId,email\n${'E1,a@example.test\n'.repeat(70_000)}`, msgDrawFileTooLarge(1)],
  ])('refuses %s with a clear 400 and stores nothing', async (_label, content, message) => {
    const draw = await newDraw()
    const before = await entryFiles()
    const response = await alice.client.upload('/api/draw/uploadEntries', form(draw.id, content))
    expect(response.status, response.text).toBe(400)
    expect(response.body.message).toBe(message)
    expect(response.body.modelState.file).toEqual([message])
    expect(await entryFiles()).toBe(before)
    expect((await alice.client.get(`/api/draw/get?id=${draw.id}`)).body.status).toBe('created')
  })

  it('needs a file, and hides a draw from another customer and the signed out', async () => {
    const draw = await newDraw()
    const none = new FormData()
    none.append('id', String(draw.id))
    const missing = await alice.client.upload('/api/draw/uploadEntries', none)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(MSG_DRAW_FILE_REQUIRED)
    expect((await bob.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(3)))).status).toBe(404)
    expect((await api.client().upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(3)))).status).toBe(401)
    expect((await staff.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(3)))).status).toBe(200)
  })
})

describe('/api/draw: commit, run', () => {
  it('commits once (seed encrypted at rest, commit mailed), runs once, and answers the recorded result again', async () => {
    const draw = await uploaded(entriesCsv(50))
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).body.message).toBe(MSG_DRAW_NOT_COMMITTED)
    const commit = await alice.client.post('/api/draw/commit', { id: draw.id })
    expect(commit.status, commit.text).toBe(200)
    expect(commit.body).toMatchObject({
      entryCount: 50,
      entriesHash: draw.entriesHash,
      seedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      committedAt: expect.any(String),
    })
    const again = await alice.client.post('/api/draw/commit', { id: draw.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(MSG_DRAW_ALREADY_COMMITTED)

    const stored = (await api.database.db.execute<{ seed_encrypted: string }>(sql`select seed_encrypted from app.draws where id = ${draw.id}`)).rows[0]!
    expect(stored.seed_encrypted).not.toMatch(/^[0-9a-f]{64}$/)
    const mail = await waitForMail(alice.email, /Draw committed/, { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain(commit.body.entriesHash)
    expect(mail.text).toContain(commit.body.seedHash)

    // Before the run the public record shows no seed.
    expect((await api.client().get(`/api/draw/public?publicId=${draw.publicId}`)).body.seed).toBeNull()

    const run = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(run.status, run.text).toBe(200)
    expect(run.body.winners).toHaveLength(2)
    expect(run.body.reserves).toHaveLength(1)
    expect(crypto.createHash('sha256').update(Buffer.from(run.body.seed, 'hex')).digest('hex')).toBe(commit.body.seedHash)
    const first = run.body.winners[0]
    expect(first.entry).toBe(`E${first.entryIndex + 1},Entrant Number${first.entryIndex + 1},person${first.entryIndex + 1}@example.com`)
    // Running again, by the owner or staff, answers the same record.
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).body).toEqual(run.body)
    expect((await staff.client.post('/api/draw/run', { id: draw.id })).body).toEqual(run.body)
    // The database itself refuses a second result.
    await expect(api.database.db.execute(sql`insert into app.draw_results (draw_id, seed_hex, selections) values (${draw.id}, 'x', '[]')`)).rejects.toThrow()
  })

  it('reproduces the published vector when the seed is the vector seed', async () => {
    const v = vectors.vectors[0]!
    const draw = await uploaded(v.csv, { winners: v.winners, reserves: v.reserves })
    await alice.client.post('/api/draw/commit', { id: draw.id })
    // Put the vector's seed in place of the random one, encrypted as the service does.
    const { encryptSeed } = await import('../../api/src/modules/draws/seed-crypto')
    const { getSeedKey } = await import('../../api/src/modules/draws/draws.repository')
    const seed = Buffer.from(v.seed, 'hex')
    const sealed = encryptSeed(await getSeedKey(api.database.db), seed, draw.id)
    await api.database.db.execute(sql`update app.draws set seed_encrypted = ${sealed}, seed_hash = ${v.seedHash} where id = ${draw.id}`)
    const run = await alice.client.post('/api/draw/run', { id: draw.id })
    expect([...run.body.winners, ...run.body.reserves].map((s: { entryIndex: number }) => s.entryIndex)).toEqual(v.selectedIndexes)
  })

  it('reads the selected rows through the row index, quoted line breaks included, for a draw and its redraw', async () => {
    // 3,000 rows: every 7th has a quoted field holding a comma and a line break, so rows are not lines.
    const rows = Array.from({ length: 3000 }, (_, i) =>
      i % 7 === 0 ? `E${i},"Line one\nline two, more",p${i}@example.com` : `E${i},Name ${i},p${i}@example.com`,
    )
    const draw = await uploaded(`entryId,note,email\n${rows.join('\n')}\n`, { winners: 40, reserves: 10 })
    const record = (
      await api.database.db.execute<{ entries_key: string; row_index_every: number }>(
        sql`select entries_key, row_index_every from app.draws where id = ${draw.id}`,
      )
    ).rows[0]!
    expect(record.row_index_every).toBe(256)
    const { LocalFileStorage } = await import('../../api/src/storage/storage')
    const { loadRowIndex } = await import('../../api/src/modules/draws/row-index')
    const offsets = (await loadRowIndex(new LocalFileStorage(api.config.DATA_DIR), record.entries_key))!
    expect(offsets).toHaveLength(Math.ceil(3000 / 256))
    expect(offsets[1]).toBe(rows.slice(0, 256).reduce((n, row) => n + Buffer.byteLength(row) + 1, 0))

    await alice.client.post('/api/draw/commit', { id: draw.id })
    const run = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(run.status, run.text).toBe(200)
    const selected = [...run.body.winners, ...run.body.reserves] as { entryIndex: number; entry: string }[]
    expect(selected).toHaveLength(50)
    for (const s of selected) expect(s.entry).toBe(rows[s.entryIndex])

    const redraw = await alice.client.post('/api/draw/redraw', { id: draw.id, winners: 30, reserves: 0 })
    expect(redraw.status, redraw.text).toBe(200)
    await alice.client.post('/api/draw/commit', { id: redraw.body.id })
    const again = await alice.client.post('/api/draw/run', { id: redraw.body.id })
    const original = (await alice.client.get(`/api/draw/get?id=${redraw.body.id}`)).body.winners as { entryIndex: number; rootIndex: number; entry: string }[]
    expect(original).toHaveLength(30)
    for (const w of original) expect(w.entry).toBe(rows[w.rootIndex])
    expect(again.body.winners.map((w: { entry: string }) => w.entry)).toEqual(original.map((w) => w.entry))
  })

  it('refuses winners + reserves above the entries, and needs the scrutineer the application requires', async () => {
    const tooMany = await uploaded(entriesCsv(2), { winners: 2, reserves: 1 })
    const refused = await alice.client.post('/api/draw/commit', { id: tooMany.id })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(MSG_DRAW_COUNT_RANGE)

    await api.database.db.execute(sql`update app.promotions set permit = permit || '{"scrutineerRequired": true}'::jsonb where id = ${promotionId}`)
    const draw = await uploaded(entriesCsv(10))
    await api.database.db.execute(sql`update app.promotions set permit = permit - 'scrutineerRequired' where id = ${promotionId}`)
    await alice.client.post('/api/draw/commit', { id: draw.id })
    const noScrutineer = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(noScrutineer.status).toBe(400)
    expect(noScrutineer.body.message).toBe(MSG_DRAW_SCRUTINEER_REQUIRED)
    const run = await alice.client.post('/api/draw/run', { id: draw.id, scrutineerName: 'Sam Scrutineer' })
    expect(run.body.scrutineerName).toBe('Sam Scrutineer')
    expect((await api.client().get(`/api/draw/public?publicId=${draw.publicId}`)).body.scrutineerName).toBe('Sam Scrutineer')
  })

  it('answers 404 to another customer and 401 signed out on every call', async () => {
    const draw = await uploaded(entriesCsv(5))
    for (const path of ['/api/draw/commit', '/api/draw/run']) {
      expect((await bob.client.post(path, { id: draw.id })).status).toBe(404)
      expect((await api.client().post(path, { id: draw.id })).status).toBe(401)
    }
    expect((await bob.client.post('/api/draw/redraw', { id: draw.id, winners: 1 })).status).toBe(404)
    expect((await bob.client.get(`/api/draw/get?id=${draw.id}`)).status).toBe(404)
    expect((await api.client().get(`/api/draw/get?id=${draw.id}`)).status).toBe(401)
    expect((await bob.client.get(`/download/draw/${draw.id}/entries.csv`)).status).toBe(404)
    expect((await staff.client.get(`/api/draw/get?id=${draw.id}`)).status).toBe(200)
    const file = await alice.client.get(`/download/draw/${draw.id}/entries.csv`)
    expect(file.text).toBe(entriesCsv(5))
  })
})

describe('addenda attachments', () => {
  it('after a run the winners (V) and entries (X) lists are promotion attachments; a redraw adds W', async () => {
    // A promotion of its own: the lists of other tests' runs are attached in the background too.
    const own = await createPromotion(alice.client, { randomDraw: true })
    await waivePayment(staff.client, own)
    const draw = await uploaded(entriesCsv(8), { promotionId: own, winners: 1, reserves: 1 })
    await alice.client.post('/api/draw/commit', { id: draw.id })
    const run = (await alice.client.post('/api/draw/run', { id: draw.id })).body
    const attachments = async () =>
      (await api.database.db.execute<{ attachments: any[] }>(sql`select attachments from app.promotions where id = ${own}`)).rows[0]!.attachments
    const byCode = (list: any[], code: string) => list.find((a) => a.attachmentType.code === code)
    await expect.poll(async () => byCode(await attachments(), 'X')).toBeTruthy()
    const v = byCode(await attachments(), 'V')
    expect(v).toMatchObject({ exists: true, uploaded: true, fileExtension: 'csv', attachmentType: { name: 'List of prize winners', isAddendum: true } })
    const winners = await alice.client.get(`/download/upload/${v.fileName}`)
    expect(winners.status).toBe(200)
    // Unmasked, with the header of the upload.
    expect(winners.text.split('\n')[0]).toBe('position,kind,entryIndex,entryId,name,email')
    expect(winners.text).toContain(`1,winner,${run.winners[0].entryIndex},${run.winners[0].entry}`)
    const x = byCode(await attachments(), 'X')
    expect((await alice.client.get(`/download/upload/${x.fileName}`)).text).toBe(entriesCsv(8))
    expect((await bob.client.get(`/download/upload/${v.fileName}`)).status).toBe(404)

    const redraw = (await alice.client.post('/api/draw/redraw', { id: draw.id, winners: 1, reserves: 0 })).body
    await alice.client.post('/api/draw/commit', { id: redraw.id })
    await alice.client.post('/api/draw/run', { id: redraw.id })
    await expect.poll(async () => byCode(await attachments(), 'W')).toBeTruthy()
    expect(byCode(await attachments(), 'W')).toMatchObject({ exists: true, attachmentType: { name: 'List of unclaimed prize winners' } })
    const log = (
      await api.database.db.execute<{ action: string }>(sql`select action from app.changelog where promotion_id = ${own} and action = 'attachDrawDocuments'`)
    ).rows
    expect(log.length).toBeGreaterThanOrEqual(2)
  })
})

describe('scheduled draws and winner publication', () => {
  it('commits at upload close and runs at the final draw time through the scheduler pass', async () => {
    const { processDueWork } = await import('../../api/src/modules/draws/draw-service')
    const { createMailer } = await import('../../api/src/mail/create-mailer')
    const { LocalFileStorage } = await import('../../api/src/storage/storage')
    const { silentLogger } = await import('../../api/src/logger')
    const deps = {
      database: api.database,
      config: api.config,
      logger: silentLogger,
      mailer: createMailer(api.config, silentLogger),
      storage: new LocalFileStorage(api.config.DATA_DIR),
    }
    const scheduledPromotion = await createPromotion(alice.client, { randomDraw: true, ausStates: { sa: true, act: true } })
    await waivePayment(staff.client, scheduledPromotion)
    await api.database.db.execute(sql`update app.promotions set
      permit = ${JSON.stringify({ endDate: '2027-02-28', endTime: '23:59', finalDraw: { date: '2027-03-01', time: '14:00' } })}::jsonb, winner_publication = true,
      details = ${JSON.stringify({ maxPrizeValue: 150_000 })}::jsonb where id = ${scheduledPromotion}`)
    const noDate = await alice.client.post('/api/draw/create', { promotionId, schedule: true, winners: 1 })
    await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' where id = ${promotionId}`)
    const refused = await alice.client.post('/api/draw/create', { promotionId, schedule: true, winners: 1 })
    expect(refused.status, JSON.stringify(noDate.body)).toBe(400)

    const created = await alice.client.post('/api/draw/create', { promotionId: scheduledPromotion, schedule: true, winners: 2, reserves: 0 })
    expect(created.body.runAt).toBe('2027-03-01T03:00:00.000Z') // 14:00 in Sydney (AEDT)
    await alice.client.upload(
      '/api/draw/uploadEntries',
      form(created.body.id, 'entryId,name,email,postcode\nE1,Jo Smith,jo@example.com,5000\nE2,Ann Lee,ann@example.com,5024\nE3,Bo Li,bo@example.com,5031\n'),
    )

    expect(await processDueWork(deps, new Date('2027-02-28T12:00:00Z'))).toMatchObject({ committed: 0, ran: 0 })
    expect(await processDueWork(deps, new Date('2027-02-28T13:00:00Z'))).toMatchObject({ committed: 1, ran: 0 }) // 00:00 1 March in Sydney
    expect((await alice.client.get(`/api/draw/get?id=${created.body.id}`)).body.status).toBe('committed')
    expect(await processDueWork(deps, new Date('2027-03-01T02:59:00Z'))).toMatchObject({ ran: 0 })
    // Before the draw, the winners page says when (issue 23: a page, never raw JSON).
    const early = await api.client().get(`/winners/${created.body.publicId}/`)
    expect(early.status).toBe(200)
    expect(early.headers.get('content-type')).toMatch(/text\/html/)
    expect(early.text).toContain('The winners will be published here after the draw, which is scheduled for 1 Mar 2027, 2:00 pm AEDT.')
    expect(await processDueWork(deps, new Date('2027-03-01T03:00:00Z'))).toMatchObject({ ran: 1 })
    expect(await processDueWork(deps, new Date('2027-03-01T03:01:00Z'))).toMatchObject({ committed: 0, ran: 0 })
    const record = (await alice.client.get(`/api/draw/get?id=${created.body.id}`)).body
    expect(record.status).toBe('run')

    // The customer is told when and where the winners go up; SA's page is live at once, ACT's from its date.
    const mail = await waitForMail(alice.email, /Winner publication scheduled/, { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain(`/winners/${created.body.publicId}/`)
    const page = await api.client().get(`/winners/${created.body.publicId}/`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Published for SA')
    // (the page's CSS has an @media rule: what a person reads has no e-mail)
    expect(page.text.replace(/<style>[^]*?<\/style>/, '')).not.toMatch(/@|Jo Smith|Ann Lee|Bo Li/)
    expect(page.text).toMatch(/<td>[A-Z]\. [A-Z]\., 50\d\d<\/td>/)
    const stored = (await api.database.db.execute<{ winner_publications: any[] }>(sql`select winner_publications from app.draws where id = ${created.body.id}`))
      .rows[0]!.winner_publications
    expect(stored.map((p) => [p.state, p.publishAt, Boolean(p.publishedAt)])).toEqual([
      ['ACT', '2027-03-07T22:00:00.000Z', false],
      ['SA', record.ranAt, true],
    ])
  })
})

describe('winner publication per prize', () => {
  it('lists for ACT only the winners of prizes of $1,000 or more, and every winner for SA', async () => {
    const { processDueWork } = await import('../../api/src/modules/draws/draw-service')
    const { createMailer } = await import('../../api/src/mail/create-mailer')
    const { LocalFileStorage } = await import('../../api/src/storage/storage')
    const { silentLogger } = await import('../../api/src/logger')
    const deps = {
      database: api.database,
      config: api.config,
      logger: silentLogger,
      mailer: createMailer(api.config, silentLogger),
      storage: new LocalFileStorage(api.config.DATA_DIR),
    }
    const promotion = await createPromotion(alice.client, { randomDraw: true, ausStates: { sa: true, act: true } })
    await waivePayment(staff.client, promotion)
    await api.database.db.execute(sql`update app.promotions set
      permit = ${JSON.stringify({ finalDraw: { date: '2027-03-01', time: '14:00' } })}::jsonb, winner_publication = true,
      details = ${JSON.stringify({ maxPrizeValue: 500_000, prizeValueACT: 800_000 })}::jsonb where id = ${promotion}`)

    // One value per winner position, in dollars; more values than winners, or a bad amount, is refused.
    const tooMany = await alice.client.post('/api/draw/create', { promotionId: promotion, winners: 1, prizeValues: [5000, 1000] })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toBe(MSG_DRAW_PRIZE_VALUES)
    const negative = await alice.client.post('/api/draw/create', { promotionId: promotion, winners: 1, prizeValues: [-5] })
    expect(negative.status).toBe(400)
    expect(JSON.stringify(negative.body)).toContain(MSG_MONEY_INVALID)

    const created = await alice.client.post('/api/draw/create', { promotionId: promotion, winners: 3, reserves: 0, prizeValues: [5000, 1000, 999.99] })
    expect(created.status, created.text).toBe(200)
    const csv =
      'entryId,name,email,postcode\nE1,Jo Smith,jo@example.com,2600\nE2,Ann Lee,ann@example.com,2601\nE3,Bo Li,bo@example.com,5000\nE4,Cy Tan,cy@example.com,5024\n'
    expect((await alice.client.upload('/api/draw/uploadEntries', form(created.body.id, csv))).status).toBe(200)
    expect((await alice.client.post('/api/draw/commit', { id: created.body.id })).status).toBe(200)
    await timeHasCome(created.body.id)
    const run = await alice.client.post('/api/draw/run', { id: created.body.id })
    expect(run.status, run.text).toBe(200)
    expect((await alice.client.get(`/api/draw/get?id=${created.body.id}`)).body.prizeValues).toEqual([5000, 1000, 999.99])

    const stored = (await api.database.db.execute<{ winner_publications: any[] }>(sql`select winner_publications from app.draws where id = ${created.body.id}`))
      .rows[0]!.winner_publications
    expect(stored.map((p) => [p.state, p.publishAt, p.positions])).toEqual([
      ['ACT', '2027-03-07T22:00:00.000Z', [1, 2]],
      ['SA', run.body.ranAt, [1, 2, 3]],
    ])
    const initials = (entry: string) => {
      // Initials and postcode only (SA): the entry ID is not a winner's initial.
      const [, name, , postcode] = entry.split(',')
      return `${name!
        .split(' ')
        .map((w) => `${w[0]}.`)
        .join(' ')}, ${postcode}`
    }
    const rowsOf = (html: string, state: string) =>
      [
        ...(new RegExp(`<table id="winners-${state}"[^]*?</table>`).exec(html)?.[0] ?? '').matchAll(
          /<tr><td>(\d+)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
        ),
      ].map((m) => [Number(m[1]), m[2], m[3]])

    // SA is live at the run; ACT's list waits for its date.
    const before = await api.client().get(`/winners/${created.body.publicId}/`)
    expect(before.status).toBe(200)
    expect(before.text).not.toContain('Published for ACT')
    const winners = run.body.winners as { position: number; entry: string }[]
    expect(rowsOf(before.text, 'sa')).toEqual([
      [1, '$5,000', initials(winners[0]!.entry)],
      [2, '$1,000', initials(winners[1]!.entry)],
      [3, '$999.99', initials(winners[2]!.entry)],
    ])

    // The page reads the wall clock: bring ACT's date to the present, as if March 2027 had come, and run the scheduler pass.
    await api.database.db.execute(sql`update app.draws set winner_publications = (
      select jsonb_agg(case when p->>'state' = 'ACT' then jsonb_set(p, '{publishAt}', to_jsonb(${new Date(Date.now() - 60_000).toISOString()}::text)) else p end)
      from jsonb_array_elements(winner_publications) p) where id = ${created.body.id}`)
    expect((await processDueWork(deps, new Date())).published).toBeGreaterThanOrEqual(1)
    const after = await api.client().get(`/winners/${created.body.publicId}/`)
    expect(after.text).toContain('Published for ACT: winners of prizes of $1,000 or more')
    expect(rowsOf(after.text, 'act')).toEqual([
      [1, '$5,000', initials(winners[0]!.entry)],
      [2, '$1,000', initials(winners[1]!.entry)],
    ])
    expect(rowsOf(after.text, 'sa')).toHaveLength(3)
    expect(after.text.replace(/<style>[^]*?<\/style>/, '')).not.toMatch(/@|Jo Smith|Ann Lee|Bo Li|Cy Tan/)

    // A redraw of an unclaimed $5,000 prize is published for ACT by its own value.
    const redraw = await alice.client.post('/api/draw/redraw', { id: created.body.id, winners: 1, reserves: 0, prizeValues: [5000] })
    expect(redraw.status, redraw.text).toBe(200)
    await alice.client.post('/api/draw/commit', { id: redraw.body.id })
    await alice.client.post('/api/draw/run', { id: redraw.body.id })
    const redrawn = (await api.database.db.execute<{ winner_publications: any[] }>(sql`select winner_publications from app.draws where id = ${redraw.body.id}`))
      .rows[0]!.winner_publications
    expect(redrawn.map((p) => [p.state, p.positions])).toEqual([
      ['ACT', [1]],
      ['SA', [1]],
    ])
  })

  it('publishes nothing for ACT when no single prize reaches $1,000', async () => {
    const promotion = await createPromotion(alice.client, { randomDraw: true, ausStates: { act: true } })
    await waivePayment(staff.client, promotion)
    await api.database.db.execute(sql`update app.promotions set
      permit = ${JSON.stringify({ finalDraw: { date: '2027-03-01', time: '14:00' } })}::jsonb, winner_publication = true,
      details = ${JSON.stringify({ maxPrizeValue: 90_000, prizeValueACT: 450_000 })}::jsonb where id = ${promotion}`)
    const created = await alice.client.post('/api/draw/create', { promotionId: promotion, winners: 2, reserves: 0 })
    await alice.client.upload('/api/draw/uploadEntries', form(created.body.id, entriesCsv(5)))
    await alice.client.post('/api/draw/commit', { id: created.body.id })
    await timeHasCome(created.body.id)
    expect((await alice.client.post('/api/draw/run', { id: created.body.id })).status).toBe(200)
    const stored = (await api.database.db.execute<{ winner_publications: any[] }>(sql`select winner_publications from app.draws where id = ${created.body.id}`))
      .rows[0]!.winner_publications
    expect(stored).toEqual([])
    const none = await api.client().get(`/winners/${created.body.publicId}/`)
    expect(none.status).toBe(404)
    expect(none.headers.get('content-type')).toMatch(/text\/html/)
    expect(none.text).toContain('Winners page not found')
  })
})

describe('certificate', () => {
  it('prints the draw certificate as a PDF with the PDF service', async () => {
    const draw = await uploaded(entriesCsv(5), { winners: 1, reserves: 0 })
    await alice.client.post('/api/draw/commit', { id: draw.id })
    await alice.client.post('/api/draw/run', { id: draw.id })
    const pdf = await api.client().get(`/draws/${draw.publicId}/certificate.pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
  }, 60_000)
})

describe('/api/draw/redraw', () => {
  it('draws again over the entries minus every earlier winner of the chain, with its own commit and run', async () => {
    const draw = await uploaded(entriesCsv(6), { winners: 2, reserves: 0 })
    expect((await alice.client.post('/api/draw/redraw', { id: draw.id, winners: 1 })).status).toBe(409)
    await alice.client.post('/api/draw/commit', { id: draw.id })
    const first = (await alice.client.post('/api/draw/run', { id: draw.id })).body
    const firstWinners = first.winners.map((w: { entryIndex: number }) => w.entryIndex).sort()

    const redraw = await alice.client.post('/api/draw/redraw', { id: draw.id, winners: 2, reserves: 0 })
    expect(redraw.status, redraw.text).toBe(200)
    expect(redraw.body).toMatchObject({ parentId: draw.id, entryCount: 4, excludedRootIndexes: firstWinners })
    const open = await alice.client.post('/api/draw/redraw', { id: draw.id, winners: 1 })
    expect(open.status).toBe(409)
    expect(open.body.message).toBe(MSG_DRAW_CHAIN_OPEN)
    await alice.client.post('/api/draw/commit', { id: redraw.body.id })
    const second = (await alice.client.post('/api/draw/run', { id: redraw.body.id })).body
    const secondEntries = second.winners.map((w: { entry: string }) => w.entry)
    for (const w of first.winners) expect(secondEntries).not.toContain(w.entry)

    // A third draw of the chain leaves out the winners of both.
    const third = await alice.client.post('/api/draw/redraw', { id: redraw.body.id, winners: 2, reserves: 0 })
    expect(third.body.entryCount).toBe(2)
    await alice.client.post('/api/draw/commit', { id: third.body.id })
    const last = (await alice.client.post('/api/draw/run', { id: third.body.id })).body
    const all = [...first.winners, ...second.winners, ...last.winners].map((w: { entry: string }) => w.entry)
    expect(new Set(all).size).toBe(6)

    const record = (await api.client().get(`/api/draw/public?publicId=${third.body.publicId}`)).body
    expect(record.chain.map((c: { publicId: string }) => c.publicId)).toEqual([draw.publicId, redraw.body.publicId, third.body.publicId])
    expect(record.excludedRootIndexes).toHaveLength(4)
    expect(record.winners.map((w: { rootIndex: number }) => w.rootIndex).every((i: number) => !record.excludedRootIndexes.includes(i))).toBe(true)
  })
})

describe('public record, lookup, pages', () => {
  let draw: { id: number; publicId: string }
  beforeAll(async () => {
    draw = await uploaded('entryId,name,email,postcode\nE1,Jo Smith,jo@example.com,5000\nE2,Ann Lee,ann@mail.example.com.au,2000\n', {
      winners: 1,
      reserves: 1,
    })
    await alice.client.post('/api/draw/commit', { id: draw.id })
    await alice.client.post('/api/draw/run', { id: draw.id })
  })

  it('shows winners masked on the JSON twin and the HTML page, and survives the promotion being deleted', async () => {
    const record = (await api.client().get(`/api/draw/public?publicId=${draw.publicId}`)).body
    const shown = [...record.winners, ...record.reserves].map((s: { entry: string }) => s.entry).sort()
    // Personal data masked only: entry IDs and postcodes kept (issue 23).
    expect(shown).toEqual(['E1, J. S., j***@example.com, 5000', 'E2, A. L., a***@mail.example.com.au, 2000'])
    expect(JSON.stringify(record)).not.toMatch(/jo@example\.com|Jo Smith|Ann Lee/)
    expect(record).toMatchObject({ algorithm: 'permitdesk-draw-v1', entryCount: 2, seed: expect.stringMatching(/^[0-9a-f]{64}$/) })

    await alice.client.post('/api/promotion/delete', { id: promotionId })
    const page = await api.client().get(`/draws/${draw.publicId}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).toContain('j***@example.com')
    expect(page.text).toContain(record.entriesHash)
    expect(page.text).toContain(record.seed)
    expect(page.text).not.toContain('jo@example.com')
    expect(page.text).toContain('Verify this draw')
    await api.database.db.execute(sql`update app.promotions set deleted = false where id = ${promotionId}`)
  })

  it('masks by the rule chosen for the draw', async () => {
    const sa = await uploaded('entryId,name,postcode\nE1,Jo Smith,5000\n', { winners: 1, reserves: 0, maskRule: 'initialsPostcode' })
    await alice.client.post('/api/draw/commit', { id: sa.id })
    await alice.client.post('/api/draw/run', { id: sa.id })
    expect((await api.client().get(`/api/draw/public?publicId=${sa.publicId}`)).body.winners[0].entry).toBe('E1, J. S., 5000')
  })

  it('tells an entrant whether an exact value is in the committed list, and is rate limited', async () => {
    const yes = await api.client().get(`/api/draw/lookup?publicId=${draw.publicId}&value=${encodeURIComponent('ann@mail.example.com.au')}`)
    expect(yes.body).toMatchObject({ found: true, entryIndexes: [1] })
    const partial = await api.client().get(`/api/draw/lookup?publicId=${draw.publicId}&value=ann`)
    expect(partial.body).toEqual({ found: false, entryIndexes: [], proofs: [] })
    const empty = await api.client().get(`/api/draw/lookup?publicId=${draw.publicId}&value=`)
    expect(empty.status).toBe(400)
    let last = 200
    for (let i = 0; i < 40 && last !== 429; i++) last = (await api.client().get(`/api/draw/lookup?publicId=${draw.publicId}&value=x${i}`)).status
    expect(last).toBe(429)
  })

  it('serves the verify script and answers 404 for an unknown draw', async () => {
    const script = await api.client().get('/draws/verify.js')
    expect(script.status).toBe(200)
    expect(script.text).toContain('HMAC')
    expect((await api.client().get('/draws/nosuchdraw1/')).status).toBe(404)
    expect((await api.client().get('/api/draw/public?publicId=nosuchdraw1')).status).toBe(404)
  })
})
