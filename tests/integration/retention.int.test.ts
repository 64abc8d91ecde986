/**
 * Personal-data retention and legal holds (issue #30), as staff, a promoter and the daily job meet
 * them: a promotion whose records period is over loses its entrants' data (entries files become
 * leaf hashes that still give the published root, winners become their leaf hashes, the attached
 * copies go) and gets a deletion certificate that closes its records duty; a held one keeps
 * everything until the hold is lifted. The job's clock is passed in: no waiting on real time.
 */
import crypto from 'node:crypto'
import {
  LABEL_ON_LEGAL_HOLD,
  MSG_DRAW_ENTRIES_DELETED,
  MerkleBuilder,
  merkleLeaf,
  MSG_FORBIDDEN,
  MSG_LEGAL_HOLD_DATA_DELETED,
  MSG_LEGAL_HOLD_EXISTS,
  MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED,
  MSG_LEGAL_HOLD_NONE,
  MSG_LEGAL_HOLD_REASON_REQUIRED,
  MSG_NOT_FOUND,
  toHex,
  entryFilesPrefix,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { RETENTION_QUEUE, startRetention } from '../../api/src/jobs/retention'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../api/src/logger'
import { deletePromotionEntrantData, runRetention, type RetentionDeps } from '../../api/src/modules/housekeeping/delete-entrant-data'
import { deleteEntrantData } from '../../api/src/modules/entries/screening.repository'
import { renderDeletionCertificate } from '../../api/src/modules/housekeeping/deletion-certificate'
import { PdfService } from '../../api/src/pdf/pdf-service'
import { LocalFileStorage, streamToBuffer } from '../../api/src/storage/storage'
import { waivePayment } from '../factories/payments'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
let pdf: PdfService | undefined
let deps: RetentionDeps
/** What the job logged as failed: a test that expects a deletion fails with the reason, not only the missing outcome. */
const failures: unknown[] = []
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
  const storage = new LocalFileStorage(api.config.DATA_DIR)
  deps = {
    database: api.database,
    storage,
    config: api.config,
    logger: { ...silentLogger, error: (...args: unknown[]) => failures.push(args) },
    pdf: () => (pdf ??= new PdfService({ chromiumPath: api.config.CHROMIUM_PATH })),
  }
})
afterAll(async () => {
  await pdf?.close()
  await api?.close()
})

const sha256 = (data: Uint8Array) => crypto.hash('sha256', data, 'buffer') as Uint8Array
const rows = async (query: ReturnType<typeof sql>) => (await api.database.db.execute(query)).rows as Record<string, any>[]
/** The last day records are kept: NSW + ACT, ACT's 12 months after the promotion ends on 31 Jan 2025. */
const KEEP_UNTIL = '2026-01-31'
const LAST_KEPT_DAY = new Date('2026-01-31T12:00:00Z') // 11 pm in Sydney, 31 Jan
const FIRST_DAY_AFTER = new Date('2026-01-31T14:00:00Z') // 1 am in Sydney, 1 Feb

const entryRows = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `E${i + 1},${tag} Entrant ${i + 1},${tag.toLowerCase()}${i + 1}@example.com`)

/** A NSW + ACT promotion that ended on 31 Jan 2025, with a draw over `n` entries that has run. */
async function promotionWithRunDraw(tag: string, n = 20) {
  const id = await createPromotion(alice.client, { name: `${tag} giveaway`, randomDraw: true })
  await waivePayment(staff, id, ['draw'])
  await api.database.db.execute(
    sql`update app.promotions set permit = (permit - 'finalDraw' - 'unclaimedDraw') || '{"startDate":"2024-12-01","endDate":"2025-01-31"}'::jsonb where id = ${id}`,
  )
  const created = await alice.client.post('/api/draw/create', { promotionId: id, winners: 2, reserves: 1 })
  expect(created.status, created.text).toBe(200)
  const form = new FormData()
  form.append('id', String(created.body.id))
  const entries = entryRows(tag, n)
  form.append('file', new Blob([`entryId,name,email\n${entries.join('\n')}\n`]), 'entries.csv')
  expect((await alice.client.upload('/api/draw/uploadEntries', form)).status).toBe(200)
  const commit = await alice.client.post('/api/draw/commit', { id: created.body.id })
  expect(commit.status, commit.text).toBe(200)
  const run = await alice.client.post('/api/draw/run', { id: created.body.id })
  expect(run.status, run.text).toBe(200)
  const [draw] = await rows(sql`select id, public_id, entries_key, entries_root, entries_hash from app.draws where id = ${created.body.id}`)
  return { id, drawId: created.body.id as number, draw: draw!, entries, run: run.body }
}

const attachmentCodes = async (id: number) =>
  ((await rows(sql`select attachments from app.promotions where id = ${id}`))[0]!.attachments as any[]).map((a) => a.attachmentType.code)
const attachmentFiles = async (id: number) =>
  ((await rows(sql`select attachments from app.promotions where id = ${id}`))[0]!.attachments as any[]).map((a) => a.fileName as string)

describe('legal holds (staff)', () => {
  it('are for staff only, need a reason, refuse a second hold or a missing one, and change nothing when refused', async () => {
    const id = await createPromotion(alice.client, { name: 'Hold rules' })
    expect((await api.client().post('/api/admin/placeLegalHold', { id, reason: 'Claim' })).status).toBe(401)
    const customer = await alice.client.post('/api/admin/placeLegalHold', { id, reason: 'Claim' })
    expect(customer.status).toBe(403)
    expect(customer.body.message).toBe(MSG_FORBIDDEN)
    const blank = await staff.post('/api/admin/placeLegalHold', { id, reason: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.modelState).toEqual({ reason: [MSG_LEGAL_HOLD_REASON_REQUIRED] })
    expect((await staff.post('/api/admin/placeLegalHold', { id: 999_999, reason: 'Claim' })).body.message).toBe(MSG_NOT_FOUND)
    expect(await rows(sql`select * from app.legal_holds`)).toEqual([])

    const lifted = await staff.post('/api/admin/liftLegalHold', { id, reason: 'Settled' })
    expect(lifted.status).toBe(409)
    expect(lifted.body.message).toBe(MSG_LEGAL_HOLD_NONE)

    const placed = await staff.post('/api/admin/placeLegalHold', { id, reason: 'Complaint to the regulator, ref 123' })
    expect(placed.status, placed.text).toBe(200)
    expect(placed.body).toMatchObject({ promotionId: id, onLegalHold: true, reason: 'Complaint to the regulator, ref 123', dataDeletedAt: null })
    const twice = await staff.post('/api/admin/placeLegalHold', { id, reason: 'Again' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe(MSG_LEGAL_HOLD_EXISTS)
    const noReason = await staff.post('/api/admin/liftLegalHold', { id })
    expect(noReason.body.modelState).toEqual({ reason: [MSG_LEGAL_HOLD_LIFT_REASON_REQUIRED] })
    const off = await staff.post('/api/admin/liftLegalHold', { id, reason: 'Inquiry closed' })
    expect(off.body).toMatchObject({ onLegalHold: false, reason: null })
    const changes = (await staff.get(`/api/admin/getChangelog?id=${id}`)).body as any[]
    expect(changes.map((c) => c.action)).toEqual(expect.arrayContaining(['place-legal-hold', 'lift-legal-hold']))
  })
})

describe('the retention job', () => {
  it('deletes entrants\u2019 data the day after the records period, keeping hashes that still verify; a held promotion keeps it until the hold is lifted', async () => {
    const gone = await promotionWithRunDraw('Gone')
    const held = await promotionWithRunDraw('Held')
    expect(await attachmentCodes(gone.id)).toEqual(expect.arrayContaining(['V', 'X']))
    const copies = await attachmentFiles(gone.id)

    await staff.post('/api/admin/placeLegalHold', { id: held.id, reason: 'Prize dispute before the tribunal' })
    const heldCalendar = (await alice.client.get(`/api/promotion/obligations?id=${held.id}`)).body
    expect(heldCalendar.onLegalHold).toBe(true)
    expect(heldCalendar.obligations.find((o: any) => o.code === 'keep-records')).toMatchObject({ dueDate: KEEP_UNTIL, dueKind: 'until', onLegalHold: true })
    expect(LABEL_ON_LEGAL_HOLD).toBe('On legal hold')

    // An entry collected through the product's own form (issue 27), wired as npm start wires it.
    const collecting = { ...deps, deleteCollectedEntries: deleteEntrantData }
    await rows(sql`insert into app.entries (promotion_id, channel, sydney_day, fields, email_norm, person_key, canonical)
      values (${gone.id}, 'form', '2026-01-10', ${JSON.stringify({ name: 'Erin Entrant', email: 'erin@example.com' })}::jsonb, 'erin@example.com', 'erin@example.com',
              ',E. E.,e***@example.com,,,\n')`)
    // Erin's receipt photo (issue 27): its row and its bytes go with her data.
    const [erin] = await rows(sql`select id from app.entries where promotion_id = ${gone.id}`)
    const receiptKey = `${entryFilesPrefix(gone.id)}erin-receipt.png`
    await deps.storage.put(receiptKey, Buffer.from('89504e470d0a1a0a', 'hex'))
    await rows(sql`insert into app.entry_files (entry_id, promotion_id, user_id, storage_key, file_name, mime_type, size_bytes)
      values (${erin!.id}, ${gone.id}, ${alice.id}, ${receiptKey}, 'receipt.png', 'image/png', 8)`)

    // The last day of the period: nothing goes.
    expect((await runRetention(collecting, LAST_KEPT_DAY)).map((o) => o.action)).toEqual(['wait', 'wait'])
    expect(await rows(sql`select * from app.retention_deletions`)).toEqual([])

    // The day after: the unheld promotion's data goes, the held one's stays.
    const outcomes = await runRetention(collecting, FIRST_DAY_AFTER)
    expect(failures).toEqual([])
    const [entry] = await rows(sql`select fields, email_norm, canonical, personal_data_deleted_at from app.entries where promotion_id = ${gone.id}`)
    expect(JSON.stringify(entry!.fields)).not.toContain('erin')
    // Her row of the canonical file (masked, stored at arrival) goes with the rest.
    expect(entry!.canonical).toBeNull()
    expect(entry!.email_norm).toMatch(/^[0-9a-f]{64}$/)
    expect(entry!.personal_data_deleted_at).not.toBeNull()
    expect(await rows(sql`select * from app.entry_files where promotion_id = ${gone.id}`)).toEqual([])
    expect(await deps.storage.exists(receiptKey)).toBe(false)
    expect(outcomes.find((o) => o.promotionId === gone.id)?.action).toBe('delete')
    expect(outcomes.find((o) => o.promotionId === held.id)?.action).toBe('hold')

    // The entries file is gone; its leaf hashes are kept and still give the root published at the commit.
    const [after] = await rows(sql`select entries_key from app.draws where id = ${gone.drawId}`)
    expect(after!.entries_key).toBeNull()
    expect(await deps.storage.exists(gone.draw.entries_key)).toBe(false)
    const [deletion] = await rows(sql`select * from app.retention_deletions where promotion_id = ${gone.id}`)
    expect(deletion).toMatchObject({ rule_set_id: 'au-2020-01', rule_key: 'states.act.recordMonths', keep_until: KEEP_UNTIL })
    const leavesFile = deletion!.details.draws[0].leavesFile as string
    const leaves = (await streamToBuffer((await deps.storage.get(leavesFile))!)).toString('utf8').trimEnd().split('\n')
    expect(leaves).toEqual(gone.entries.map((row) => toHex(merkleLeaf(row, sha256))))
    const tree = new MerkleBuilder(sha256)
    for (const leaf of leaves) tree.addLeaf(Buffer.from(leaf, 'hex'))
    expect(toHex(tree.root())).toBe(gone.draw.entries_root)

    // Winners and reserves are their leaf hashes now, on the owner's record and the public one; hashes and seed unchanged.
    const record = (await alice.client.get(`/api/draw/get?id=${gone.drawId}`)).body
    const selected = [...gone.run.winners, ...gone.run.reserves] as { entryIndex: number; entry: string }[]
    expect([...record.winners, ...record.reserves].map((s: any) => s.entry)).toEqual(
      selected.map((s) => `leaf:${toHex(merkleLeaf(gone.entries[s.entryIndex]!, sha256))}`),
    )
    expect(record).toMatchObject({ entriesHash: gone.draw.entries_hash, entriesRoot: gone.draw.entries_root, seed: gone.run.seed, entriesUrl: null })
    expect((await alice.client.get(`/download/draw/${gone.drawId}/entries.csv`)).status).toBe(404)
    // No entrant's details are left in the database or in the attached copies.
    expect(await rows(sql`select draw_id from app.draw_results where selections::text like '%@example.com%' and draw_id = ${gone.drawId}`)).toEqual([])
    expect(await attachmentCodes(gone.id)).not.toEqual(expect.arrayContaining(['V']))
    expect(await attachmentCodes(gone.id)).not.toEqual(expect.arrayContaining(['X']))
    for (const file of copies.filter(Boolean)) expect(await deps.storage.exists(`uploads/${file}`)).toBe(false)

    // The certificate closes the records duty; the owner downloads it, nobody else.
    const calendar = (await alice.client.get(`/api/promotion/obligations?id=${gone.id}`)).body
    expect(calendar).toMatchObject({
      onLegalHold: false,
      dataDeletedAt: FIRST_DAY_AFTER.toISOString(),
      certificateUrl: expect.stringMatching(/^\/download\/upload\/.+\.pdf$/),
    })
    expect(calendar.obligations.find((o: any) => o.code === 'keep-records')).toMatchObject({
      status: 'done',
      proof: { kind: 'upload', label: 'Deletion certificate.pdf' },
    })
    const certificate = await alice.client.get(calendar.certificateUrl)
    expect(certificate.status).toBe(200)
    expect(certificate.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await bob.client.get(calendar.certificateUrl)).status).toBe(404)
    expect((await bob.client.get(`/api/promotion/obligations?id=${gone.id}`)).status).toBe(404)
    const changes = (await staff.get(`/api/admin/getChangelog?id=${gone.id}`)).body as any[]
    expect(changes.map((c) => c.action)).toContain('delete-entrant-data')

    // The draw cannot be drawn again from hashes: a clear refusal, not a failure.
    const redraw = await alice.client.post('/api/draw/redraw', { id: gone.drawId, winners: 1, reserves: 0 })
    expect(redraw.status).toBe(409)
    expect(redraw.body.message).toBe(MSG_DRAW_ENTRIES_DELETED)

    // Nothing more to hold, and a second run deletes nothing twice.
    const late = await staff.post('/api/admin/placeLegalHold', { id: gone.id, reason: 'Too late' })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(MSG_LEGAL_HOLD_DATA_DELETED)
    expect(await deletePromotionEntrantData(deps, gone.id, FIRST_DAY_AFTER)).toEqual({ promotionId: gone.id, action: 'done-before' })

    // The held promotion kept everything; once the hold is lifted the next run deletes it.
    const [kept] = await rows(sql`select entries_key from app.draws where id = ${held.drawId}`)
    expect(kept!.entries_key).toBe(held.draw.entries_key)
    expect(await deps.storage.exists(held.draw.entries_key)).toBe(true)
    expect((await alice.client.get(`/api/draw/get?id=${held.drawId}`)).body.winners[0].entry).toMatch(/@example\.com$/)
    await staff.post('/api/admin/liftLegalHold', { id: held.id, reason: 'Dispute settled' })
    expect((await runRetention(deps, FIRST_DAY_AFTER)).find((o) => o.promotionId === held.id)?.action).toBe('delete')
    expect((await rows(sql`select entries_key from app.draws where id = ${held.drawId}`))[0]!.entries_key).toBeNull()
  })

  it('runs as the daily pg-boss job: a queued run deletes what is due, on the job\u2019s clock', async () => {
    const due = await promotionWithRunDraw('Queued')
    // A draw still to run keeps the promotion's data until it runs or is cancelled.
    const open = await alice.client.post('/api/draw/redraw', { id: due.drawId, winners: 1, reserves: 0 })
    expect(open.status, open.text).toBe(200)
    expect((await deletePromotionEntrantData(deps, due.id, FIRST_DAY_AFTER)).action).toBe('draw-open')
    expect(await rows(sql`select * from app.retention_deletions where promotion_id = ${due.id}`)).toEqual([])
    expect((await alice.client.post('/api/draw/cancel', { id: open.body.id, reason: 'Every prize was claimed' })).status).toBe(200)
    const boss = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
    await boss.start()
    try {
      await startRetention(boss, { ...deps, now: () => FIRST_DAY_AFTER })
      // The schedule is daily; a run asked for now is the same job.
      await boss.send(RETENTION_QUEUE, {})
      await expect
        .poll(async () => (await rows(sql`select promotion_id from app.retention_deletions where promotion_id = ${due.id}`)).length, { timeout: 30_000 })
        .toBe(1)
      expect((await rows(sql`select entries_key from app.draws where id = ${due.drawId}`))[0]!.entries_key).toBeNull()
      expect(failures).toEqual([])
    } finally {
      await boss.stop({ graceful: false, close: true })
    }
  })

  it('the certificate names the rule, its source, the date and the hashes kept', () => {
    const html = renderDeletionCertificate({
      letterhead: { name: 'PermitDesk Pty Ltd', abn: null },
      promotion: { id: 7, name: 'Winter giveaway' },
      deletedAt: FIRST_DAY_AFTER,
      keepUntil: KEEP_UNTIL,
      ruleSetId: 'au-2020-01',
      publicUrl: 'https://permits.example',
      details: {
        draws: [
          { drawId: 1, publicId: 'D-ABC', entryCount: 20, entriesHash: 'a'.repeat(64), entriesRoot: 'b'.repeat(64), leavesFile: 'retention/x', winners: 1 },
        ],
        attachments: [{ code: 'V', userFileName: 'prize-winners-D-ABC.csv' }],
        collectedEntries: null,
        source: { title: 'Access Canberra', url: 'https://www.accesscanberra.act.gov.au/', dateRead: '2026-11-25', verified: false },
        rule: 'ACT: records are kept for 12 months after the promotion (the longest of its states).',
      },
      winnerLeaves: { 1: [{ position: 1, reserve: false, leaf: 'c'.repeat(64) }] },
    })
    for (const text of [
      'Winter giveaway',
      '1 Feb 2026',
      '31 Jan 2026',
      'ACT: records are kept for 12 months',
      'Access Canberra',
      '25 Nov 2026',
      'not yet verified',
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
      'prize-winners-D-ABC.csv',
      'au-2020-01',
    ]) {
      expect(html, text).toContain(text)
    }
    expect(html).not.toMatch(/UTC|T\d\d:\d\d/)
  })
})
