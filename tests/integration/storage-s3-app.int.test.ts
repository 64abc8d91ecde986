import fs from 'node:fs'
import path from 'node:path'
import { PERMIT_STATUS_IDS } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3FileStorage } from '../../api/src/storage/s3-storage'
import { streamToBuffer } from '../../api/src/storage/storage'
import { startS3Fake, type S3Fake } from '../fakes/s3-fake'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { waivePayment } from '../factories/payments'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

/**
 * STORAGE=s3 through the whole app (issue 18): the real AWS SDK against s3rver, started here.
 * Uploads, generated PDFs (approved T&Cs, the lodgement pack) and downloads go to and come from
 * the bucket, never DATA_DIR.
 */
const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')

let s3: S3Fake
let api: TestApi
let bucket: S3FileStorage
let alice: Customer
let bob: Customer
let staff: Client
beforeAll(async () => {
  s3 = await startS3Fake()
  api = await startTestApi(s3.env)
  bucket = new S3FileStorage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => {
  await api?.close()
  await s3?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
async function upload(customer: Customer, bytes: Buffer, name: string) {
  const data = new FormData()
  data.append('file', new Blob([bytes]), name)
  return customer.client.upload('/api/Upload', data)
}
const inBucket = async (key: string) => (await bucket.exists(key)) && streamToBuffer((await bucket.get(key))!)
const dataDirHas = (sub: string) => fs.existsSync(path.join(api.config.DATA_DIR, sub))

describe('uploads and downloads on S3', () => {
  it('stores an upload in the bucket and serves it back to its owner only', async () => {
    const uploaded = await upload(alice, pdfBytes, 'terms.pdf')
    expect(uploaded.status).toBe(201)
    const key = `uploads/${uploaded.body.serverFileName}`
    expect(await inBucket(key)).toEqual(pdfBytes)
    expect(dataDirHas('uploads')).toBe(false)
    const own = await alice.client.get(`/download/upload/${uploaded.body.serverFileName}`)
    expect(own.status).toBe(200)
    expect(own.bytes).toEqual(pdfBytes)
    expect((await bob.client.get(`/download/upload/${uploaded.body.serverFileName}`)).status).toBe(404)
  })

  it('streams a large upload up as a multipart upload, and refuses a bad one leaving nothing in the bucket', async () => {
    const csv = Buffer.concat(Array(7 * 1024).fill(Buffer.from(`${'Anna Citizen,anna@example.com,'.padEnd(1023, 'x')}\n`)))
    const uploaded = await upload(alice, csv, 'entries.csv')
    expect(uploaded.status).toBe(201)
    expect(((await inBucket(`uploads/${uploaded.body.serverFileName}`)) as Buffer).equals(csv)).toBe(true)
    expect((await alice.client.get(`/download/upload/${uploaded.body.serverFileName}`)).bytes.equals(csv)).toBe(true)

    const before = (await bucket.list('uploads/')).length
    const bad = await upload(alice, Buffer.concat([csv, Buffer.from([0, 1, 2, 3])]), 'entries.csv')
    expect(bad.status).toBe(400)
    const tooBig = await upload(alice, Buffer.concat(Array(11).fill(Buffer.alloc(1024 * 1024, 'a,b\n'))), 'big.csv')
    expect(tooBig.status).toBe(413)
    expect((await bucket.list('uploads/')).length).toBe(before)
  })
})

describe.skipIf(!hasChromium)('generated PDFs on S3', () => {
  const VISA = { cardName: 'Pat Promoter', cardNumber: '4242 4242 4242 4242', cardSecurityCode: '123', cardExpiry: '12/35' }

  it('keeps the lodgement pack in the bucket, built from attachments read from the bucket; the invoice prints', async () => {
    const id = await createPromotion(alice.client)
    const saved = await savePromotion(alice.client, id, withCompleteApplication)
    const files = [(await upload(alice, pdfBytes, 'terms.pdf')).body.serverFileName, (await upload(alice, pdfBytes, 'advert.pdf')).body.serverFileName]
    const attachments = [
      { attachmentType: { code: 'B' }, uploaded: true, fileName: files[0] },
      { attachmentType: { code: 'E' }, uploaded: true, fileName: files[1] },
    ]
    expect((await alice.client.post('/api/promotion/saveAttachments', { id, versionNumber: saved.body.versionNumber, attachments })).status).toBe(200)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status, paid.text).toBe(200)

    const invoice = await alice.client.get(`/download/invoice/${paid.body.invoice.invoiceNumber}`)
    expect(invoice.status).toBe(200)
    expect(invoice.bytes.subarray(0, 5).toString()).toBe('%PDF-')

    const pack = await alice.client.get(`/promotions/downloadpdfs/${id}`)
    expect(pack.status).toBe(200)
    expect(pack.headers.get('content-type')).toBe('application/zip')
    // The attachments inside came from the bucket (their bytes are in the zip, stored uncompressed or deflated).
    expect(pack.bytes.includes(Buffer.from('attachments/B - Terms and conditions.pdf'))).toBe(true)
    const kept = (await bucket.list('lodgement/')).filter((key) => key.startsWith(`lodgement/promotion-${id}-`))
    expect(kept).toHaveLength(1)
    expect(((await inBucket(kept[0]!)) as Buffer).equals(pack.bytes)).toBe(true)
    expect((await staff.get(`/promotions/downloadpdfs/${id}`)).bytes.equals(pack.bytes)).toBe(true)
    expect(dataDirHas('lodgement')).toBe(false)
  })

  it('prints approved T&Cs into the bucket as attachment B, downloadable by the owner', async () => {
    const id = await createPromotion(alice.client, { ausStates: { nsw: true }, termsAndConditions: true })
    const saved = await savePromotion(alice.client, id, withCompleteApplication)
    expect(saved.status, saved.text).toBe(200)
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    await waivePayment(staff, id) // issue 22: this test is about storage, not payment
    await setPromotionStatus(api.database.db, id, PERMIT_STATUS_IDS.awaitingSubmission)
    expect((await alice.client.post('/api/promotion/approveTermsAndConditions', { id })).status).toBe(200)
    const promotion = await alice.client.get(`/api/promotion/get?id=${id}`)
    const b = promotion.body.attachments.find((a: any) => a.attachmentType.code === 'B')
    expect(b).toMatchObject({ exists: true })
    const stored = (await inBucket(`uploads/${b.fileName}`)) as Buffer
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-')
    const download = await alice.client.get(`/download/upload/${b.fileName}`)
    expect(download.bytes.equals(stored)).toBe(true)
    expect((await bob.client.get(`/download/upload/${b.fileName}`)).status).toBe(404)
  })
})
