/**
 * Issue 23 "Draws no one can bend": the schedule, cancelling with a reason, every draw of a
 * promotion on each record, and inclusion proofs, tried as a promoter, staff and an entrant would.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  formatDateTime,
  MSG_DRAW_CANCEL_REASON_REQUIRED,
  MSG_DRAW_CANCELLED,
  MSG_DRAW_EARLY_REASON_REQUIRED,
  MSG_DRAW_ID_REQUIRED,
  msgDrawQuotaReached,
  MSG_DRAW_RUN_AT_INVALID,
  MSG_DRAW_RUN_CANNOT_CANCEL,
  merkleLeaf,
  merkleRootOf,
  msgDrawTooEarly,
  toHex,
  verifyInclusion,
} from '@permitdesk/shared'
import { waivePayment } from '../factories/payments'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { readOutbox, waitForMail } from '../setup/accounts'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { handlerQueue } from '../../api/src/events/delivery'
import type { Db } from '../../api/src/db/client'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Customer

beforeAll(async () => {
  // A small entries quota, so the quota can be reached with a small file.
  // Events delivered (issue 31): the owner's result mail is the subscriber of `draw.run`.
  api = await startTestApi({ DRAW_QUOTA_MB: '1' }, { deliverEvents: true })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
})
afterAll(async () => api?.close())

const entriesCsv = (n: number) =>
  `entryId,name,email\n${Array.from({ length: n }, (_, i) => `E${i + 1},Entrant Number${i + 1},person${i + 1}@example.com`).join('\n')}\n`

function form(id: number, content: string) {
  const data = new FormData()
  data.append('id', String(id))
  data.append('file', new Blob([content]), 'entries.csv')
  return data
}

/** A promotion whose application has no draw dates (draws then run from their creation or the time given). */
async function promotionWithoutDates() {
  const id = await createPromotion(alice.client, { randomDraw: true })
  await waivePayment(staff.client, id, ['draw']) // issue 22: a draw runs once paid; these tests are about the draw
  await api.database.db.execute(sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw' where id = ${id}`)
  return id
}

async function committedDraw(promotionId: number, body: Record<string, unknown> = {}, client: Client = alice.client, n = 20) {
  const created = await client.post('/api/draw/create', { promotionId, winners: 1, reserves: 1, ...body })
  expect(created.status, created.text).toBe(200)
  const upload = await client.upload('/api/draw/uploadEntries', form(created.body.id, entriesCsv(n)))
  expect(upload.status, upload.text).toBe(200)
  const commit = await client.post('/api/draw/commit', { id: created.body.id })
  expect(commit.status, commit.text).toBe(200)
  return { id: created.body.id as number, publicId: created.body.publicId as string, runAt: created.body.runAt as string, commit: commit.body }
}

/** The `draw.run` events of a draw in the outbox (issue 31). */
const drawRunEvents = async (drawId: number) =>
  (await api.database.db.execute<{ id: string }>(sql`select id from app.outbox_events where type = 'draw.run' and (payload->>'drawId')::int = ${drawId}`)).rows
const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await api.database.db.execute<T>(query)).rows
const resultMails = async (to: string, title: string) =>
  (await readOutbox(api.config.DATA_DIR)).filter((mail) => mail.to === to && mail.subject === `Draw result: ${title}`)

const publicRecord = async (publicId: string) => (await api.client().get(`/api/draw/public?publicId=${publicId}`)).body

describe('a draw runs at or after its scheduled time', () => {
  it('refuses the owner before the application\u2019s final draw time with the date, and lets staff run early only with a reason the record shows', async () => {
    const promotionId = await createPromotion(alice.client, { randomDraw: true })
    await waivePayment(staff.client, promotionId, ['draw']) // issue 22: a draw runs once paid; these tests are about the draw
    // The application's final draw: 80 days ahead, 3:00 pm in Sydney.
    const finalDate = new Date(Date.now() + 80 * 86_400_000).toISOString().slice(0, 10)
    await api.database.db.execute(
      sql`update app.promotions set permit = jsonb_set(permit, '{finalDraw}', ${JSON.stringify({ date: finalDate, time: '15:00' })}::jsonb) where id = ${promotionId}`,
    )
    const draw = await committedDraw(promotionId)
    expect(formatDateTime(draw.runAt)).toMatch(/, 3:00 pm AE[DS]T$/)

    const early = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(msgDrawTooEarly(formatDateTime(draw.runAt)))
    expect(early.body.message).toMatch(/scheduled for \d{1,2} [A-Z][a-z]{2} \d{4}, 3:00 pm AE[DS]T\./)
    // The owner's reason changes nothing: only staff may run early.
    expect((await alice.client.post('/api/draw/run', { id: draw.id, earlyRunReason: 'We are ready' })).status).toBe(409)

    const noReason = await staff.client.post('/api/draw/run', { id: draw.id })
    expect(noReason.status).toBe(400)
    expect(noReason.body.modelState.earlyRunReason).toEqual([MSG_DRAW_EARLY_REASON_REQUIRED])
    expect((await publicRecord(draw.publicId)).status).toBe('committed')

    const reason = 'The permit was varied: the final draw moved forward (variation 2).'
    const run = await staff.client.post('/api/draw/run', { id: draw.id, earlyRunReason: reason })
    expect(run.status, run.text).toBe(200)
    expect(run.body.earlyRunReason).toBe(reason)
    const record = await publicRecord(draw.publicId)
    expect(record).toMatchObject({ status: 'run', earlyRunReason: reason, scheduledAt: draw.runAt })
    const page = await api.client().get(`/draws/${draw.publicId}/`)
    expect(page.text).toContain('variation 2')
    expect(page.text).toContain(formatDateTime(draw.runAt))
    // What a person reads (the verify panel's JSON data aside) has Sydney times only.
    expect(page.text.replace(/<script[\s\S]*?<\/script>/g, '')).not.toMatch(/UTC|\d{4}-\d{2}-\d{2}T/)
    // The owner is told the result, with the early run.
    const mail = await waitForMail(alice.email, /Draw result/, { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain('variation 2')
    expect(mail.text).toContain(`/draws/${draw.publicId}/`)
    // No winner publication was asked for: there is no winners page (decision 015), so no link to a 404.
    expect(mail.text).not.toContain('/winners/')
  })

  it('lets the owner run once the time has come, and takes the time given at create when the application has none', async () => {
    const promotionId = await promotionWithoutDates()
    const bad = await alice.client.post('/api/draw/create', { promotionId, runDate: '2027-02-30', runTime: '14:00' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(MSG_DRAW_RUN_AT_INVALID)
    const badTime = await alice.client.post('/api/draw/create', { promotionId, runDate: '2027-03-01', runTime: '2pm' })
    expect(badTime.status).toBe(400)
    expect((await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.draws where promotion_id = ${promotionId}`)).rows[0]!.n).toBe(0)

    const draw = await committedDraw(promotionId, { runDate: '2027-03-01', runTime: '14:00' })
    expect(draw.runAt).toBe('2027-03-01T03:00:00.000Z') // 2:00 pm AEDT
    const early = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(early.body.message).toBe(msgDrawTooEarly('1 Mar 2027, 2:00 pm AEDT'))
    // Time passes: the draw's scheduled time is now behind us.
    await api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${draw.id}`)
    const run = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(run.status, run.text).toBe(200)
    expect(run.body.earlyRunReason).toBeNull()

    // Without a date anywhere, the draw may run from its creation, and its record says so.
    const now = await committedDraw(promotionId)
    expect(Math.abs(Date.parse(now.runAt) - Date.now())).toBeLessThan(60_000)
    expect((await alice.client.post('/api/draw/run', { id: now.id })).status).toBe(200)
  })
})

describe('cancelling a draw', () => {
  it('needs a reason, keeps the draw on the record, and nothing can change or run it after', async () => {
    const promotionId = await promotionWithoutDates()
    const draw = await committedDraw(promotionId)
    expect((await bob.client.post('/api/draw/cancel', { id: draw.id, reason: 'mine now' })).status).toBe(404)
    expect((await api.client().post('/api/draw/cancel', { id: draw.id, reason: 'x' })).status).toBe(401)
    for (const reason of [undefined, '', '   ']) {
      const refused = await alice.client.post('/api/draw/cancel', { id: draw.id, reason })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(MSG_DRAW_CANCEL_REASON_REQUIRED)
    }
    expect((await publicRecord(draw.publicId)).status).toBe('committed')

    const cancelled = await alice.client.post('/api/draw/cancel', { id: draw.id, reason: 'The entries file missed the last day of entries.' })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect((await alice.client.post('/api/draw/cancel', { id: draw.id, reason: 'again' })).body.message).toBe(MSG_DRAW_CANCELLED)
    const run = await alice.client.post('/api/draw/run', { id: draw.id })
    expect(run.status).toBe(409)
    expect(run.body.message).toBe(MSG_DRAW_CANCELLED)
    expect((await staff.client.post('/api/draw/run', { id: draw.id, earlyRunReason: 'x' })).body.message).toBe(MSG_DRAW_CANCELLED)
    expect((await alice.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(3)))).status).toBe(409)
    expect(await publicRecord(draw.publicId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The entries file missed the last day of entries.',
      seed: null,
      winners: [],
    })
    expect((await api.client().get(`/draws/${draw.publicId}/`)).text).toContain('missed the last day of entries')

    // A run draw keeps its result: it cannot be cancelled.
    const ran = await committedDraw(promotionId)
    await alice.client.post('/api/draw/run', { id: ran.id })
    const late = await alice.client.post('/api/draw/cancel', { id: ran.id, reason: 'We prefer another winner' })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(MSG_DRAW_RUN_CANNOT_CANCEL)
    expect((await publicRecord(ran.publicId)).status).toBe('run')
  })
})

describe('every draw of a promotion on each record', () => {
  it('lists all three draws of one promotion, with states, times, reasons and links, on each draw\u2019s record', async () => {
    const promotionId = await promotionWithoutDates()
    const first = await committedDraw(promotionId, { title: 'First try' })
    await alice.client.post('/api/draw/run', { id: first.id })
    const second = await committedDraw(promotionId, { title: 'Second try' })
    await alice.client.post('/api/draw/cancel', { id: second.id, reason: 'Wrong prize count' })
    const third = await committedDraw(promotionId, { title: 'Third try' })
    await alice.client.post('/api/draw/run', { id: third.id })
    const other = await committedDraw(await promotionWithoutDates(), { title: 'Another promotion' })

    for (const draw of [first, second, third]) {
      const record = await publicRecord(draw.publicId)
      expect(record.promotionDraws.map((d: { title: string; status: string }) => [d.title, d.status])).toEqual([
        ['First try', 'run'],
        ['Second try', 'cancelled'],
        ['Third try', 'run'],
      ])
      expect(record.promotionDraws[1]).toMatchObject({
        cancelReason: 'Wrong prize count',
        url: `/draws/${second.publicId}/`,
        committedAt: expect.any(String),
        ranAt: null,
      })
      const page = (await api.client().get(`/draws/${draw.publicId}/`)).text
      for (const other of [first, second, third].filter((d) => d !== draw)) expect(page).toContain(`href="/draws/${other.publicId}/"`)
      expect(page).toContain('Wrong prize count')
      expect(page).not.toContain(other.publicId)
    }
  })
})

describe('inclusion proofs', () => {
  it('publishes the entries root at the commit and proves an entry to an entrant, without the whole file', async () => {
    const promotionId = await promotionWithoutDates()
    const before = await alice.client.post('/api/draw/create', { promotionId, winners: 1 })
    await alice.client.upload('/api/draw/uploadEntries', form(before.body.id, entriesCsv(1000)))
    expect((await publicRecord(before.body.publicId)).entriesRoot).toBeNull()
    const lookupBefore = await api.client().get(`/api/draw/lookup?publicId=${before.body.publicId}&value=E5`)
    expect(lookupBefore.body).toMatchObject({ found: false })

    const commit = await alice.client.post('/api/draw/commit', { id: before.body.id })
    expect(commit.body.entriesRoot).toMatch(/^[0-9a-f]{64}$/)
    const record = await publicRecord(before.body.publicId)
    expect(record.entriesRoot).toBe(commit.body.entriesRoot)

    const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest())
    for (const [value, index] of [
      ['E1', 0],
      ['person777@example.com', 776],
      ['Entrant Number1000', 999],
    ] as const) {
      const found = await api.client().get(`/api/draw/lookup?publicId=${before.body.publicId}&value=${encodeURIComponent(value)}`)
      expect(found.status, found.text).toBe(200)
      expect(found.body.found).toBe(true)
      expect(found.body.entryIndexes).toEqual([index])
      const [proof] = found.body.proofs
      expect(proof.entryIndex).toBe(index)
      // The answer holds no personal data: the leaf hash and the masked entry; the entrant holds the row.
      const row = `E${index + 1},Entrant Number${index + 1},person${index + 1}@example.com`
      expect(JSON.stringify(found.body)).not.toContain(`person${index + 1}@example.com`)
      expect(proof.entry).toBe(`E${index + 1}, E. N., p***@example.com`)
      expect(proof.leaf).toBe(toHex(merkleLeaf(row, sha256)))
      expect(await verifyInclusion({ leaf: proof.leaf, proof: proof.proof, root: record.entriesRoot }, sha256)).toBe(true)
      expect(await verifyInclusion({ row, proof: proof.proof, root: record.entriesRoot }, sha256)).toBe(true)
    }
    const missing = await api.client().get(`/api/draw/lookup?publicId=${before.body.publicId}&value=E1001`)
    expect(missing.body).toEqual({ found: false, entryIndexes: [], proofs: [] })

    // The root the upload's worker built is shared's reference tree over the rows, and the
    // command-line verifier accepts a lookup's proof against it (and refuses another row).
    const rows = entriesCsv(1000).split('\n').slice(1, -1)
    expect(record.entriesRoot).toBe(
      toHex(
        merkleRootOf(
          rows.map((row) => merkleLeaf(row, sha256)),
          sha256,
        ),
      ),
    )
    const answer = await api.client().get(`/api/draw/lookup?publicId=${before.body.publicId}&value=E300`)
    const proofFile = path.join(api.config.DATA_DIR, `proof-${before.body.publicId}.json`)
    fs.writeFileSync(proofFile, JSON.stringify(answer.body.proofs[0]))
    const cli = path.resolve(__dirname, '../../scripts/verify-draw.mjs')
    const ok = spawnSync(process.execPath, [cli, '--proof', record.entriesRoot, rows[299]!, proofFile], { encoding: 'utf8' })
    expect(ok.stdout + ok.stderr).toContain('proof OK')
    expect(ok.status).toBe(0)
    expect(spawnSync(process.execPath, [cli, '--proof', record.entriesRoot, rows[300]!, proofFile], { encoding: 'utf8' }).status).toBe(1)
  })

  it('builds the proof index while the file uploads, and removes it with entries that are replaced', async () => {
    const promotionId = await promotionWithoutDates()
    const draw = (await alice.client.post('/api/draw/create', { promotionId, winners: 1 })).body
    const dir = path.join(api.config.DATA_DIR, 'draws/entries')
    const files = async () => (await fs.promises.readdir(dir)).sort()
    const before = await files()
    expect((await alice.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(600)))).status).toBe(200)
    const first = (await files()).filter((name) => !before.includes(name))
    expect(first.filter((name) => name.endsWith('.merkle') || name.endsWith('.lookup'))).toHaveLength(2)
    expect((await alice.client.upload('/api/draw/uploadEntries', form(draw.id, entriesCsv(20)))).status).toBe(200)
    const now = await files()
    for (const name of first) expect(now).not.toContain(name)
    const commit = await alice.client.post('/api/draw/commit', { id: draw.id })
    const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest())
    const rows = entriesCsv(20).split('\n').slice(1, -1)
    expect(commit.body.entriesRoot).toBe(
      toHex(
        merkleRootOf(
          rows.map((row) => merkleLeaf(row, sha256)),
          sha256,
        ),
      ),
    )
  })
})

describe('uploads are checked before a byte is stored', () => {
  const storedEntries = async () => (await fs.promises.readdir(path.join(api.config.DATA_DIR, 'draws/entries')).catch(() => [])).length

  it('refuses a file that comes before the draw id, and takes the id from the URL', async () => {
    const promotionId = await promotionWithoutDates()
    const draw = (await alice.client.post('/api/draw/create', { promotionId, winners: 1 })).body
    const before = await storedEntries()
    const fileFirst = new FormData()
    fileFirst.append('file', new Blob([entriesCsv(50)]), 'entries.csv')
    fileFirst.append('id', String(draw.id))
    const refused = await alice.client.upload('/api/draw/uploadEntries', fileFirst)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(MSG_DRAW_ID_REQUIRED)
    expect(await storedEntries()).toBe(before)
    expect((await publicRecord(draw.publicId)).status).toBe('created')

    // Someone else's draw by URL: 404, nothing stored.
    const onlyFile = new FormData()
    onlyFile.append('file', new Blob([entriesCsv(50)]), 'entries.csv')
    expect((await bob.client.upload(`/api/draw/uploadEntries?id=${draw.id}`, onlyFile)).status).toBe(404)
    expect(await storedEntries()).toBe(before)
    const ok = await alice.client.upload(`/api/draw/uploadEntries?id=${draw.id}`, onlyFile)
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.entryCount).toBe(50)
  })

  it('keeps each account within its entries quota, replacing a draw\u2019s own entries included', async () => {
    const carol = await createCustomer(api)
    const promotionId = await createPromotion(carol.client, { randomDraw: true })
    await waivePayment(staff.client, promotionId, ['draw']) // issue 22: a draw runs once paid; these tests are about the draw
    const big = `entryId,name,email\n${Array.from({ length: 9_000 }, (_, i) => `E${i + 1},Entrant Number${i + 1},person${i + 1}@example.com`).join('\n')}\n` // about 450 KB
    const first = (await carol.client.post('/api/draw/create', { promotionId, winners: 1 })).body
    expect((await carol.client.upload('/api/draw/uploadEntries', form(first.id, big))).status).toBe(200)
    // Replacing the same draw's entries frees what they took.
    expect((await carol.client.upload('/api/draw/uploadEntries', form(first.id, big))).status).toBe(200)
    const second = (await carol.client.post('/api/draw/create', { promotionId, winners: 1 })).body
    expect((await carol.client.upload('/api/draw/uploadEntries', form(second.id, big))).status).toBe(200)
    const before = await storedEntries()
    const third = (await carol.client.post('/api/draw/create', { promotionId, winners: 1 })).body
    const refused = await carol.client.upload('/api/draw/uploadEntries', form(third.id, big))
    expect(refused.status).toBe(413)
    expect(refused.body.message).toBe(msgDrawQuotaReached(1))
    expect(await storedEntries()).toBe(before)
  })
})

describe('CSV exports neutralise formulas', () => {
  it('the entries download and the winners and entries lists prefix cells a spreadsheet would run', async () => {
    const promotionId = await promotionWithoutDates()
    const draw = (await alice.client.post('/api/draw/create', { promotionId, winners: 2 })).body
    const csv = 'entryId,name,note\nE1,"=HYPERLINK(""http://evil.example"",""win"")",+61 2 9999 1234\nE2,@SUM(A1),-5\n'
    expect((await alice.client.upload('/api/draw/uploadEntries', form(draw.id, csv))).status).toBe(200)
    const download = await alice.client.get(`/download/draw/${draw.id}/entries.csv`)
    expect(download.status).toBe(200)
    expect(download.text).toBe('entryId,name,note\nE1,"\'=HYPERLINK(""http://evil.example"",""win"")",\'+61 2 9999 1234\nE2,\'@SUM(A1),\'-5\n')
    await alice.client.post('/api/draw/commit', { id: draw.id })
    await alice.client.post('/api/draw/run', { id: draw.id })
    const attachments = async () =>
      (await api.database.db.execute<{ attachments: any[] }>(sql`select attachments from app.promotions where id = ${promotionId}`)).rows[0]!.attachments ?? []
    await expect.poll(async () => (await attachments()).some((a) => a.attachmentType.code === 'X')).toBe(true)
    for (const code of ['V', 'X']) {
      const file = (await attachments()).find((a) => a.attachmentType.code === code)
      const text = (await alice.client.get(`/download/upload/${file.fileName}`)).text
      const cells = text
        .trim()
        .split('\n')
        .slice(1)
        .flatMap((line) => line.split(','))
      expect(
        cells.some((c) => /^"?[=+\-@]/.test(c)),
        text,
      ).toBe(false)
      expect(text).toContain("'@SUM(A1)")
    }
    // The stored entries and their hash are unchanged: only the export is neutralised.
    expect((await publicRecord(draw.publicId)).entriesHash).toBe(
      crypto.createHash('sha256').update('E1,"=HYPERLINK(""http://evil.example"",""win"")",+61 2 9999 1234\nE2,@SUM(A1),-5\n').digest('hex'),
    )
  })
})

describe('certificates printed once and served as a file', () => {
  it('stores one certificate per state of the record, serves it with an ETag to 60 people at once, and prints again only when the record changes', async () => {
    const promotionId = await promotionWithoutDates()
    const draw = await committedDraw(promotionId, { title: 'Certificate draw' })
    await alice.client.post('/api/draw/run', { id: draw.id })
    const stored = async () => (await fs.promises.readdir(path.join(api.config.DATA_DIR, 'draws/certificates', draw.publicId)).catch(() => [])).length
    // Printed in the background at the run (none at the commit: it is printed when the draw runs).
    await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
    const printed = await stored()

    const answers = await Promise.all(Array.from({ length: 60 }, () => api.client().get(`/draws/${draw.publicId}/certificate.pdf`)))
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200))
    const etag = answers[0]!.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(new Set(answers.map((a) => a.headers.get('etag')))).toEqual(new Set([etag]))
    expect(answers[0]!.headers.get('cache-control')).toMatch(/max-age=\d+/)
    expect(answers[0]!.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(await stored()).toBe(printed)
    const again = await api.client().get(`/draws/${draw.publicId}/certificate.pdf`, { 'if-none-match': etag })
    expect(again.status).toBe(304)

    // Another draw of the promotion cancelled: this draw's record lists it, so its certificate changes.
    const other = await committedDraw(promotionId, { title: 'Spare draw' })
    await alice.client.post('/api/draw/cancel', { id: other.id, reason: 'Not needed' })
    const changed = await api.client().get(`/draws/${draw.publicId}/certificate.pdf`, { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  }, 120_000)

  it('prints no certificate at the commit (it is printed when the draw runs); one asked for before the run is printed then and stored', async () => {
    const { getPublicDraw } = await import('../../api/src/modules/draws/draw-service')
    const { certificateFingerprint, certificateKey, letterheadOf } = await import('../../api/src/modules/draws/certificate')
    const promotionId = await promotionWithoutDates()
    const draw = await committedDraw(promotionId, { title: 'Committed, not run' })
    const dir = path.join(api.config.DATA_DIR, 'draws/certificates', draw.publicId)
    expect(fs.existsSync(dir)).toBe(false)
    // Asked for before the run: printed at the request, stored, and the same file served after.
    const view = await getPublicDraw(api, draw.publicId)
    expect(view.status).toBe('committed')
    const key = certificateKey(draw.publicId, certificateFingerprint(view, letterheadOf(api.config.DATA_DIR), api.config.PUBLIC_URL))
    const served = await api.client().get(`/draws/${draw.publicId}/certificate.pdf`)
    expect(served.status).toBe(200)
    expect(served.headers.get('etag')).toBe(`"${key.split('/').pop()!.replace('.pdf', '')}"`)
    expect(fs.existsSync(path.join(api.config.DATA_DIR, key))).toBe(true)
    // The run answers, then its record's certificate is printed before anyone asks for it.
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(200)
    const ran = await getPublicDraw(api, draw.publicId)
    const ranKey = certificateKey(draw.publicId, certificateFingerprint(ran, letterheadOf(api.config.DATA_DIR), api.config.PUBLIC_URL))
    await expect.poll(() => fs.existsSync(path.join(api.config.DATA_DIR, ranKey)), { timeout: 60_000, interval: 250 }).toBe(true)
  }, 120_000)

  it('carries the letterhead, the full record URL, both hashes, the root, the seed, the times and the early-run reason', async () => {
    const { getPublicDraw } = await import('../../api/src/modules/draws/draw-service')
    const { renderCertificate } = await import('../../api/src/modules/draws/draw-page')
    const promotionId = await createPromotion(alice.client, { randomDraw: true })
    await waivePayment(staff.client, promotionId, ['draw']) // issue 22: a draw runs once paid; these tests are about the draw
    const finalDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    await api.database.db.execute(
      sql`update app.promotions set permit = jsonb_set(permit, '{finalDraw}', ${JSON.stringify({ date: finalDate, time: '15:00' })}::jsonb) where id = ${promotionId}`,
    )
    const draw = await committedDraw(promotionId)
    await staff.client.post('/api/draw/run', { id: draw.id, earlyRunReason: 'Permit varied by the regulator' })
    const view = await getPublicDraw(api, draw.publicId)
    const html = renderCertificate(view, { letterhead: { name: 'Provider Pty Ltd', abn: '51 824 753 556' }, publicUrl: 'https://permits.example.com.au' })
    for (const part of [
      'Provider Pty Ltd',
      'ABN 51 824 753 556',
      `https://permits.example.com.au/draws/${draw.publicId}/`,
      view.entriesHash!,
      view.entriesRoot!,
      view.seedHash!,
      view.seed!,
      formatDateTime(view.committedAt),
      formatDateTime(view.ranAt),
      formatDateTime(view.scheduledAt),
      'Permit varied by the regulator',
    ])
      expect(html).toContain(part)
    expect(html).not.toMatch(/UTC|\d{4}-\d{2}-\d{2}T/)
  })
})

describe('a scheduled draw runs by itself', () => {
  it('is run by the pg-boss schedule at its time, with nobody at a keyboard, and its certificate is printed and stored', async () => {
    const { startBoss } = await import('../../api/src/jobs/boss')
    const { startDrawSchedule, DRAW_SCHEDULE_QUEUE } = await import('../../api/src/jobs/draw-schedule')
    const { getPublicDraw } = await import('../../api/src/modules/draws/draw-service')
    const { certificateFingerprint, certificateKey, letterheadOf } = await import('../../api/src/modules/draws/certificate')
    const { createMailer } = await import('../../api/src/mail/create-mailer')
    const { LocalFileStorage } = await import('../../api/src/storage/storage')
    const { PdfService } = await import('../../api/src/pdf/pdf-service')
    const { silentLogger } = await import('../../api/src/logger')
    const storage = new LocalFileStorage(api.config.DATA_DIR)
    const pdf = new PdfService({ chromiumPath: api.config.CHROMIUM_PATH })
    const boss = await startBoss(api.dbUrl, silentLogger)
    try {
      // The worker as api/src/main.ts starts it: its own mailer, the app's storage and a PDF service.
      await startDrawSchedule(boss, {
        database: api.database,
        config: api.config,
        logger: silentLogger,
        mailer: createMailer(api.config, silentLogger),
        storage,
        pdf: () => pdf,
      })
      const promotionId = await createPromotion(alice.client, { randomDraw: true })
      await waivePayment(staff.client, promotionId, ['draw'])
      await api.database.db.execute(
        sql`update app.promotions set permit = jsonb_set(permit, '{finalDraw}', ${JSON.stringify({ date: '2099-01-01', time: '09:00' })}::jsonb) where id = ${promotionId}`,
      )
      // Scheduled: the application's final draw time, 9:00 am in Sydney.
      const draw = await committedDraw(promotionId, { title: 'Draw nobody runs by hand', schedule: true })
      expect(draw.runAt).toBe('2098-12-31T22:00:00.000Z')
      expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(409) // not yet
      // Its time comes (moved, as a clock would): the next tick of the schedule runs it. The tick
      // is sent now rather than awaited at the top of the minute.
      await api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${draw.id}`)
      await boss.send(DRAW_SCHEDULE_QUEUE, {})
      await expect.poll(async () => (await publicRecord(draw.publicId)).status, { timeout: 60_000, interval: 500 }).toBe('run')
      const view = await getPublicDraw(api, draw.publicId)
      expect(view.winners).toHaveLength(1)
      // The certificate of the run record is stored by the scheduler's run, before anyone asks for it.
      const key = certificateKey(draw.publicId, certificateFingerprint(view, letterheadOf(api.config.DATA_DIR), api.config.PUBLIC_URL))
      await expect.poll(() => storage.exists(key), { timeout: 60_000, interval: 500 }).toBe(true)
      const served = await api.client().get(`/draws/${draw.publicId}/certificate.pdf`)
      expect(served.status).toBe(200)
      expect(served.headers.get('etag')).toBe(`"${key.split('/').pop()!.replace('.pdf', '')}"`)
      // The owner is told the result, with the public record (no winners page: no publication was asked for).
      const mail = await waitForMail(alice.email, /Draw result: Draw nobody runs by hand/, { dataDirs: [api.config.DATA_DIR] })
      expect(mail.text).toContain(`${api.config.PUBLIC_URL}/draws/${draw.publicId}/`)
      expect(mail.text).not.toContain('/winners/')
    } finally {
      await boss.stop({ graceful: false, close: true, timeout: 1000 }).catch(() => {})
      await pdf.close()
    }
  }, 120_000)
})

describe('the winners page is linked', () => {
  it('from the draw record for its owner and from the final draw reminder e-mail, absolute with the public origin, and the page answers', async () => {
    const { sendDueReminder } = await import('../../api/src/modules/reminders/send-reminder')
    const { createMailer } = await import('../../api/src/mail/create-mailer')
    const { silentLogger } = await import('../../api/src/logger')
    const id = await createPromotion(alice.client, { randomDraw: true })
    const saved = await savePromotion(alice.client, id, withCompleteApplication)
    expect(saved.status, saved.text).toBe(200)
    await waivePayment(staff.client, id, ['draw'])
    const finalDraw = saved.body.permit.finalDraw as { date: string }
    const draw = await committedDraw(id, { title: 'Main draw' })
    const cancelled = await committedDraw(id, { title: 'Spare draw' })
    await alice.client.post('/api/draw/cancel', { id: cancelled.id, reason: 'Not needed' })
    // The owner's record carries the page (the draw screen and the dashboard link it); a cancelled draw has none.
    const list = (await alice.client.get(`/api/draw/list?promotionId=${id}`)).body as { publicId: string; winnersUrl: string | null }[]
    expect(list.map((d) => [d.publicId, d.winnersUrl])).toEqual([
      [draw.publicId, `/winners/${draw.publicId}/`],
      [cancelled.publicId, null],
    ])

    // The final draw reminder, sent on the day by the worker's step.
    expect(
      (await alice.client.post('/api/Reminder/save', { promotionId: id, reminders: [{ kind: 'final-draw', accountHolder: true, distributionListIds: [] }] }))
        .status,
    ).toBe(200)
    const deps = {
      config: api.config,
      database: api.database,
      logger: silentLogger,
      mailer: createMailer(api.config, silentLogger),
      now: () => new Date(`${finalDraw.date}T12:00:00Z`),
      queue: async () => {},
    }
    const outcome = await sendDueReminder(deps, { promotionId: id, kind: 'final-draw', reminderDate: finalDraw.date })
    expect(outcome.sent).toEqual([alice.email.toLowerCase()])
    const mail = (await readOutbox(api.config.DATA_DIR)).find(
      (m) => m.subject.startsWith('Reminder: Final draw') && m.text.includes(`/promotions/edit/${id}/`),
    )!
    const url = `${api.config.PUBLIC_URL}/winners/${draw.publicId}/`
    expect(mail.text).toContain(`Winners page (Main draw): ${url}`)
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.text).not.toContain(cancelled.publicId)
    // The page answers: before the draw, when the winners will be published.
    const page = await api.client().get(new URL(url).pathname)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).toContain('The winners will be published here after the draw')
  })
})

describe('a run and a cancel at once', () => {
  it('never both succeed: the draw is either run or cancelled, never a cancelled draw with a result', async () => {
    const promotionId = await promotionWithoutDates()
    for (let i = 0; i < 5; i++) {
      const draw = await committedDraw(promotionId)
      const [run, cancel] = await Promise.all([
        alice.client.post('/api/draw/run', { id: draw.id }),
        alice.client.post('/api/draw/cancel', { id: draw.id, reason: 'Changed our mind' }),
      ])
      expect([run.status, cancel.status].filter((s) => s === 200)).toHaveLength(1)
      const record = await publicRecord(draw.publicId)
      expect(record.status).toBe(run.status === 200 ? 'run' : 'cancelled')
      expect(record.status === 'cancelled' ? record.seed : record.cancelledAt).toBeNull()
      // Only a run that committed published `draw.run` (the result mail); a refused one published nothing.
      expect(await drawRunEvents(draw.id)).toHaveLength(run.status === 200 ? 1 : 0)
    }
  })
})

describe('the owner is told the result through the draw.run event (issue 31)', () => {
  it('mails one result per run, however often the run is asked for or the event delivered', async () => {
    const promotionId = await promotionWithoutDates()
    const title = 'Draw told once'
    const draw = await committedDraw(promotionId, { title })
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(200)
    // Asked again: the recorded result is answered; nothing new is recorded or published.
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(200)
    const mail = await waitForMail(alice.email, new RegExp(`^Draw result: ${title}$`), { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain(`${api.config.PUBLIC_URL}/draws/${draw.publicId}/`)
    const [event] = await drawRunEvents(draw.id)
    expect(await drawRunEvents(draw.id)).toHaveLength(1)

    // pg-boss delivers at least once: the same job again, as a retry after a lost acknowledgement would bring it.
    const queue = handlerQueue({ name: 'draw-result-mail' })
    const again = await api.boss!.send(queue, { eventId: Number(event!.id), payload: { drawId: draw.id } })
    await expect.poll(async () => (await api.boss!.getJobById(queue, again!))?.state, { timeout: 30_000 }).toBe('completed')
    expect(await resultMails(alice.email, title)).toHaveLength(1)
    expect((await api.database.db.execute(sql`select handler from app.handled_events where event_id = ${event!.id}`)).rows).toEqual([
      { handler: 'draw-result-mail' },
    ])
  })

  it('links the winners page in the result mail when a publication was ordered: it is stored with the run the mail is told of', async () => {
    const promotionId = await createPromotion(alice.client, { randomDraw: true, ausStates: { sa: true } })
    await waivePayment(staff.client, promotionId, ['draw'])
    await api.database.db.execute(
      sql`update app.promotions set permit = permit - 'finalDraw' - 'unclaimedDraw', winner_publication = true where id = ${promotionId}`,
    )
    const title = 'Draw with its winners page'
    const draw = await committedDraw(promotionId, { title })
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(200)
    const mail = await waitForMail(alice.email, new RegExp(`^Draw result: ${title}$`), { dataDirs: [api.config.DATA_DIR] })
    expect(mail.text).toContain(`The winners page: ${api.config.PUBLIC_URL}/winners/${draw.publicId}/`)
  })

  it('a run whose transaction rolled back records no result and mails nothing; the run that commits mails once', async () => {
    const { runDraw } = await import('../../api/src/modules/draws/draw-service')
    const { createMailer } = await import('../../api/src/mail/create-mailer')
    const { LocalFileStorage } = await import('../../api/src/storage/storage')
    const { silentLogger } = await import('../../api/src/logger')
    const promotionId = await promotionWithoutDates()
    const title = 'Draw rolled back once'
    const draw = await committedDraw(promotionId, { title })
    const owner = { userId: (await rowsOf<{ user_id: number }>(sql`select user_id from app.draws where id = ${draw.id}`))[0]!.user_id, isStaff: false }
    // The run inside a transaction that fails after it: the result and its event roll back together.
    await expect(
      api.database.db.transaction(async (tx) => {
        const database = { ...api.database, db: tx as unknown as Db }
        const deps = {
          database,
          config: api.config,
          logger: silentLogger,
          mailer: createMailer(api.config, silentLogger),
          storage: new LocalFileStorage(api.config.DATA_DIR),
        }
        await runDraw(deps, owner, draw.id, { actorId: owner.userId })
        throw new Error('the change failed after the run')
      }),
    ).rejects.toThrow('the change failed after the run')
    expect(await rowsOf(sql`select draw_id from app.draw_results where draw_id = ${draw.id}`)).toEqual([])
    expect(await drawRunEvents(draw.id)).toEqual([])
    expect((await publicRecord(draw.publicId)).status).toBe('committed')

    // The owner runs it: one event, one mail (none was left over from the rolled-back run).
    expect((await alice.client.post('/api/draw/run', { id: draw.id })).status).toBe(200)
    await waitForMail(alice.email, new RegExp(`^Draw result: ${title}$`), { dataDirs: [api.config.DATA_DIR] })
    const [event] = await drawRunEvents(draw.id)
    await expect.poll(async () => (await rowsOf(sql`select handler from app.handled_events where event_id = ${event!.id}`)).length, { timeout: 30_000 }).toBe(1)
    expect(await resultMails(alice.email, title)).toHaveLength(1)
  })
})
