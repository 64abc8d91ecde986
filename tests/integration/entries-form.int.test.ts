/**
 * Issue 27, the entry form's content: the collection notice is the CMS's text with the promoter's
 * details filled in (the message constant when the CMS has none), on the hosted form (and so the
 * embed, which frames it) and in the promoter's preview; a receipt file (photo or PDF) an entrant
 * attaches is judged by its bytes, stored, linked in the promoter's table for the owner only and
 * deleted with the entrant's data.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_COLLECTION_NOTICE_TEXT,
  MSG_ENTRY_RECEIPT_FILE_QUOTA,
  MSG_ENTRY_RECEIPT_FILE_REQUIRED,
  MSG_ENTRY_RECEIPT_FILE_TYPE,
  MSG_UPLOAD_QUOTA_REACHED,
  RECEIPT_FILE_LIMIT_BYTES,
  addDays,
  entryFilesPrefix,
  msgEntryCollectionNotice,
  msgEntryReceiptFileTooLarge,
  sydneyDateOf,
} from '@permitdesk/shared'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { waivePayment } from '../factories/payments'
import { startTestApi, type TestApi } from '../setup/test-api'
import { contentFileFor } from '../../api/src/server/build'
import { insertLink } from '../../api/src/modules/terms/terms.repository'
import { deleteEntrantData } from '../../api/src/modules/entries/screening.repository'
import { LocalFileStorage } from '../../api/src/storage/storage'

let api: TestApi
let alice: Customer
let staff: Customer
let promotionId: number
let code: string

const today = () => sydneyDateOf(new Date())
const APPLICANT = {
  organisation: 'Acme Drinks Pty Ltd',
  abnacn: '51824753556',
  businessAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  email: 'privacy@acme.example',
  website: 'https://acme.example',
}

/** What the CMS export writes when staff save the site settings. */
function cmsSettings(settings: Record<string, unknown> | null) {
  const file = contentFileFor(api.config.DATA_DIR)
  if (!settings) return fs.rmSync(file, { force: true })
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify({ generatedAt: new Date().toISOString(), settings: { productName: 'PermitDesk', ...settings }, pages: [], news: [] }))
}
const publicNotice = async () => (await api.client().get(`/api/entries/public?code=${code}`)).body.collectionNotice as string
const previewNotice = async () => (await alice.client.get(`/api/entries/form?promotionId=${promotionId}`)).body.collectionNotice as string

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
  promotionId = await createPromotion(alice.client, { randomDraw: true })
  await waivePayment(staff.client, promotionId)
  const permit = { startDate: addDays(today(), -1), startTime: '09:00', endDate: addDays(today(), 30), endTime: '17:00', applicant: APPLICANT }
  await api.database.db.execute(sql`update app.promotions set permit = permit || ${JSON.stringify(permit)}::jsonb, applicant = null where id = ${promotionId}`)
  code = (await alice.client.get(`/api/entries/form?promotionId=${promotionId}`)).body.code
}, 60_000)
afterAll(async () => api?.close())

describe('the collection notice', () => {
  it('is the CMS text with every placeholder filled from the promotion and its promoter', async () => {
    cmsSettings({
      entryCollectionNotice:
        '{promoter.name} ({promoter.abn}, {promoter.address}) collects your details for {promotion.name}. Ask {promoter.contact}; see {promoter.privacyPolicy}.',
    })
    const expected =
      'Acme Drinks Pty Ltd (ABN 51 824 753 556, 1 George Street, Sydney NSW 2000) collects your details for Summer giveaway. Ask privacy@acme.example; see https://acme.example.'
    expect(await publicNotice()).toBe(expected)
    expect(await previewNotice()).toBe(expected)
  })

  it('links the hosted T&Cs as the privacy terms when the promotion has them', async () => {
    cmsSettings({ entryCollectionNotice: 'See {promoter.privacyPolicy}.' })
    await api.database.db.execute(sql`update app.promotions set hosted_tc = true where id = ${promotionId}`)
    const termsCode = await insertLink(api.database.db, promotionId, 'acmeterms1')
    const terms = await api.client().get(`/api/entries/public?code=${code}`)
    expect(terms.body.termsPath).toBe(`/t/${termsCode}/`)
    expect(terms.body.collectionNotice).toBe(`See ${api.config.PUBLIC_URL.replace(/\/$/, '')}/t/${termsCode}/.`)
    await api.database.db.execute(sql`update app.promotions set hosted_tc = false where id = ${promotionId}`)
  })

  it('the seeded CMS text reads as the built-in notice', async () => {
    cmsSettings({ entryCollectionNotice: DEFAULT_COLLECTION_NOTICE_TEXT })
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
  })

  it('falls back to the built-in notice when the CMS has no text, or no export at all', async () => {
    cmsSettings({})
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
    cmsSettings(null)
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
    expect(await previewNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
  })

  it('another customer does not see the promoter\u2019s preview', async () => {
    const bob = await createCustomer(api)
    expect((await bob.client.get(`/api/entries/form?promotionId=${promotionId}`)).status).toBe(404)
  })
})

// Real file heads: file-type decides by these bytes, whatever the name says.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64)])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])
const file = (bytes: Buffer, name: string) => ({ name, data: bytes.toString('base64') })
let n = 0
const person = (extra: Record<string, unknown> = {}) => {
  n += 1
  return { name: `Rae Receipt${n}`, email: `rae.receipt${n}@example.com`, postcode: '2000', ...extra }
}
const enter = (entry: Record<string, unknown>) => api.client().post('/api/entries/enter', { code, entry })
const storedFiles = () => new LocalFileStorage(api.config.DATA_DIR).list(entryFilesPrefix(promotionId))
const FIELDS = {
  name: 'required',
  email: 'required',
  phone: 'optional',
  postcode: 'required',
  state: 'off',
  dateOfBirth: 'off',
  receiptNumber: 'off',
  receiptFile: 'required',
  answer: 'off',
  consents: [],
}

describe('a receipt file on an entry', () => {
  let withPhoto: number
  beforeAll(async () => {
    const saved = await alice.client.post('/api/entries/form/save', { promotionId, fields: FIELDS })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.fields.receiptFile).toBe('required')
    expect((await alice.client.post('/api/entries/form/open', { promotionId, open: true })).status).toBe(200)
  })

  it('is asked for when the form requires it, and the entry without it is not stored', async () => {
    const missing = await enter(person())
    expect(missing.status).toBe(400)
    expect(missing.body.modelState.receiptFile).toEqual([MSG_ENTRY_RECEIPT_FILE_REQUIRED])
    expect((await alice.client.get(`/api/entries/list?promotionId=${promotionId}`)).body.total).toBe(0)
  })

  it('takes a photo or a PDF, judged by its bytes not its name', async () => {
    const photo = await enter(person({ receiptFile: file(PNG, 'IMG_0001.txt') }))
    expect(photo.status, photo.text).toBe(201)
    withPhoto = photo.body.entryNumber
    const pdf = await enter(person({ receiptFile: { name: 'receipt.pdf', data: `data:application/pdf;base64,${PDF.toString('base64')}` } }))
    expect(pdf.status, pdf.text).toBe(201)
    expect(await storedFiles()).toHaveLength(2)
  })

  it('refuses a program renamed as a photo, and a file over the limit, storing nothing', async () => {
    for (const [bytes, name] of [
      [EXE, 'receipt.jpg'],
      [Buffer.from('just some words, no receipt'), 'receipt.pdf'],
    ] as const) {
      const refused = await enter(person({ receiptFile: file(bytes, name) }))
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ message: MSG_ENTRY_RECEIPT_FILE_TYPE, modelState: { receiptFile: [MSG_ENTRY_RECEIPT_FILE_TYPE] } })
    }
    const big = await enter(person({ receiptFile: file(Buffer.concat([PNG, Buffer.alloc(RECEIPT_FILE_LIMIT_BYTES)]), 'huge.png') }))
    expect(big.status).toBe(400)
    expect(big.body.modelState.receiptFile).toEqual([msgEntryReceiptFileTooLarge(1)])
    expect((await alice.client.get(`/api/entries/list?promotionId=${promotionId}`)).body.total).toBe(2)
    expect(await storedFiles()).toHaveLength(2)
  })

  it('counts against the promoter\u2019s upload quota', async () => {
    // Alice's uploads fill her quota but for a few bytes.
    await api.database.db.execute(sql`insert into app.uploads (user_id, server_file_name, header_file_name, file_extension, mime_type, size_bytes)
      values (${alice.id}, 'quota-filler.pdf', 'big.pdf', 'pdf', 'application/pdf', ${500 * 1024 * 1024 - 100})`)
    const full = await enter(person({ receiptFile: file(PNG, 'receipt.png') }))
    expect(full.status).toBe(413)
    expect(full.body.modelState.receiptFile).toEqual([MSG_ENTRY_RECEIPT_FILE_QUOTA])
    await api.database.db.execute(sql`delete from app.uploads where server_file_name = 'quota-filler.pdf'`)
  })

  it('is one count with the promoter\u2019s own uploads: receipt files filling the quota refuse a document upload too', async () => {
    // One of the receipts already stored grows to fill the quota but for a few bytes.
    const { rows } = await api.database.pool.query('select entry_id, size_bytes from app.entry_files where user_id = $1 limit 1', [alice.id])
    const resize = (bytes: number) => api.database.pool.query('update app.entry_files set size_bytes = $2 where entry_id = $1', [rows[0].entry_id, bytes])
    await resize(500 * 1024 * 1024 - 100)
    const upload = new FormData()
    upload.append('file', new Blob([PDF]), 'terms.pdf')
    try {
      const refused = await alice.client.upload('/api/Upload', upload)
      expect(refused.status).toBe(413)
      expect(refused.body.modelState.file).toEqual([MSG_UPLOAD_QUOTA_REACHED])
      const full = await enter(person({ receiptFile: file(PNG, 'receipt.png') }))
      expect(full.status).toBe(413)
      expect(full.body.modelState.receiptFile).toEqual([MSG_ENTRY_RECEIPT_FILE_QUOTA])
    } finally {
      await resize(rows[0].size_bytes)
    }
    expect((await alice.client.upload('/api/Upload', upload)).status).toBe(201)
  })

  it('comes through the API channel as base64 too', async () => {
    const key = (await alice.client.post('/api/apiKey/create', { name: 'agency' })).body.key
    const sent = await api
      .client()
      .post(
        '/api/entries/submit',
        { promotionId, entry: person({ receiptFile: file(PDF, 'scan.pdf') }) },
        { authorization: `Bearer ${key}`, 'idempotency-key': 'r-1' },
      )
    expect(sent.status, sent.text).toBe(201)
    const replay = await api
      .client()
      .post(
        '/api/entries/submit',
        { promotionId, entry: person({ receiptFile: file(PDF, 'scan.pdf') }) },
        { authorization: `Bearer ${key}`, 'idempotency-key': 'r-1' },
      )
    expect(replay.body).toMatchObject({ entryNumber: sent.body.entryNumber, replayed: true })
    expect(await storedFiles()).toHaveLength(3)
  })

  it('is not asked of offline entries imported as CSV (their receipts are on paper)', async () => {
    const data = new FormData()
    data.append('file', new Blob(['name,email,postcode\nPaper Entrant,paper.entrant@example.com,2000\n'], { type: 'text/csv' }), 'offline.csv')
    const imported = await alice.client.upload(`/api/entries/import?promotionId=${promotionId}`, data)
    expect(imported.status, imported.text).toBe(200)
    expect(imported.body).toMatchObject({ rows: 1, accepted: 1, invalid: 0 })
  })

  it('is linked in the owner\u2019s table and downloads for the owner only', async () => {
    const list = await alice.client.get(`/api/entries/list?promotionId=${promotionId}`)
    expect(list.body.entries.find((e: { entryNumber: number }) => e.entryNumber === withPhoto).receiptFile).toBe(true)
    const download = await alice.client.get(`/api/entries/receipt-file?entryNumber=${withPhoto}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/png')
    expect(download.headers.get('content-disposition')).toContain('IMG_0001.txt.png')
    expect(download.bytes.equals(PNG)).toBe(true)
    const bob = await createCustomer(api)
    expect((await bob.client.get(`/api/entries/receipt-file?entryNumber=${withPhoto}`)).status).toBe(404)
    expect((await api.client().get(`/api/entries/receipt-file?entryNumber=${withPhoto}`)).status).toBe(401)
  })

  it('is gone with the entrants\u2019 data: no download, no row', async () => {
    await api.database.db.transaction((tx) => deleteEntrantData(tx, promotionId))
    expect((await alice.client.get(`/api/entries/receipt-file?entryNumber=${withPhoto}`)).status).toBe(404)
    const list = await alice.client.get(`/api/entries/list?promotionId=${promotionId}`)
    expect(list.body.entries.every((e: { receiptFile: boolean }) => e.receiptFile === false)).toBe(true)
  })
})
