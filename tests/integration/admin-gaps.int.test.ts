/**
 * Issue 13, round two: the staff console's gaps. The SA premium has its effect on the fees, a
 * file staff upload for a customer is the customer's, reportActivity is 404 on another
 * customer's promotion, updateEmails, the voicemail download and chargeCard's screen calls.
 */
import fs from 'node:fs'
import { MSG_STATE_NOT_IN_PROMOTION, MSG_VOICEMAIL_CALLER_REQUIRED, MSG_VOICEMAIL_FILE_REQUIRED, MSG_VOICEMAIL_NOT_AUDIO } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let staff: Client
let staffId: number
let alice: Customer
let bob: Customer

beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  staffId = (await signInStaff(staff, api)).userId
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const changelogOf = async (id: number) =>
  (await api.database.db.execute(sql`select action, user_id, changes from app.changelog where promotion_id = ${id} order by id`)).rows as any[]
const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
const pdfForm = (name: string) => {
  const data = new FormData()
  data.append('file', new Blob([pdfBytes]), name)
  return data
}

describe('forceSaPremium', () => {
  it('charges a required SA permit at the premium fee, recomputing and logging the fees, and survives the customer’s save', async () => {
    // SA at $6,000: the base SA fee ($253).
    const id = await createPromotion(alice.client, { ausStates: { sa: true }, totalPrizeValue: 6000, hasNswAuthority: null, hasInstantWinPrizes: false })
    const before = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(before.permit).toMatchObject({ feeDue_SA: 253, isSAFeePremium: false })

    const forced = await staff.post('/api/promotion/forceSaPremium', { id, on: true })
    expect(forced.status, forced.text).toBe(200)
    expect(forced.body).toMatchObject({ id, forceSaPremium: true, isSAFeePremium: true, feeDue_SA: 928 })
    expect(forced.body.feeDue_Total - before.permit.feeDue_Total).toBe(928 - 253)

    const seen = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(seen.permit).toMatchObject({ feeDue_SA: 928, isSAFeePremium: true })
    const detail = (await staff.get(`/api/admin/getPromotion?id=${id}`)).body
    expect(detail).toMatchObject({ forceSaPremium: true, fees: { SA: 928, isSAFeePremium: true } })

    const entry = (await changelogOf(id)).at(-1)
    expect(entry).toMatchObject({ action: 'force-sa-premium', user_id: staffId })
    expect(entry.changes.fees.from.feeDue_SA).toBe(25_300)
    expect(entry.changes.fees.to.feeDue_SA).toBe(92_800)

    // The customer's own save keeps the staff-set premium (and the fee it gives).
    const saved = await alice.client.post('/api/promotion/save', { ...seen, name: 'Renamed by the customer' })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.permit).toMatchObject({ feeDue_SA: 928, isSAFeePremium: true })

    const off = await staff.post('/api/promotion/forceSaPremium', { id, on: false })
    expect(off.body).toMatchObject({ forceSaPremium: false, isSAFeePremium: false, feeDue_SA: 253 })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.permit.feeDue_SA).toBe(253)
  })

  it('after payment, the rise is owed: the customer pays the difference as an additional payment', async () => {
    // NSW + ACT + SA at $8,000: ACT ($373) and SA ($253) are required, NSW is not.
    const id = await createPromotion(alice.client, { ausStates: { nsw: true, act: true, sa: true }, totalPrizeValue: 8000, hasInstantWinPrizes: false })
    const saved = await savePromotion(alice.client, id, (p) => ({
      ...withCompleteApplication(p),
      prizeValueNSW: 8000,
      prizeValueACT: 8000,
      prizeValueSA: 8000,
    }))
    const files: string[] = []
    for (const name of ['terms.pdf', 'advert.pdf']) files.push((await alice.client.upload('/api/Upload', pdfForm(name))).body.serverFileName)
    const attached = await alice.client.post('/api/promotion/saveAttachments', {
      id,
      versionNumber: saved.body.versionNumber,
      attachments: [
        { attachmentType: { code: 'B' }, uploaded: true, fileName: files[0] },
        { attachmentType: { code: 'E' }, uploaded: true, fileName: files[1] },
      ],
    })
    expect(attached.body.permitStatus?.slug, JSON.stringify(attached.body.applicationIssues)).toBe('ready-submission')
    expect(attached.body.permit).toMatchObject({ feeDue_SA: 253, feeDue_ACT: 373, feeDue_NSW: 0 })
    const card = {
      cardName: 'Pat Promoter',
      cardNumber: '4242 4242 4242 4242',
      cardSecurityCode: '123',
      cardExpiry: '12/35',
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
    }
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...card })
    expect(paid.status, paid.text).toBe(200)
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice).toBeNull()

    expect((await staff.post('/api/promotion/forceSaPremium', { id, on: true })).body).toMatchObject({ feeDue_SA: 928 })
    const owed = (await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice
    expect(owed).toMatchObject({ amount: 928 - 253, gst: 0 })
    const additional = await alice.client.post('/api/promotion/submitAdditionalPayment', { id, ...card })
    expect(additional.status, additional.text).toBe(200)
    expect(additional.body.invoice).toMatchObject({ purpose: 'additional', amount: 675, gst: 0, status: 'paid' })
    expect((await alice.client.get(`/api/promotion/get?id=${id}`)).body.pendingSubmissionInvoice).toBeNull()
  })

  it('is refused for a promotion without SA, and another customer cannot call it', async () => {
    const id = await createPromotion(alice.client)
    const refused = await staff.post('/api/promotion/forceSaPremium', { id, on: true })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(MSG_STATE_NOT_IN_PROMOTION)
    expect((await bob.client.post('/api/promotion/forceSaPremium', { id, on: true })).status).toBe(403)
  })
})

describe('a file staff upload for a customer', () => {
  it('is downloadable by that customer and by staff, and by no other customer (404)', async () => {
    const id = await createPromotion(alice.client)
    const uploaded = await staff.upload('/api/Upload', pdfForm('advert from staff.pdf'))
    expect(uploaded.status, uploaded.text).toBe(201)
    const url = `/download/upload/${uploaded.body.serverFileName}`
    // Before it is attached, it is the staff member's file only.
    expect((await alice.client.get(url)).status).toBe(404)

    const current = (await staff.get(`/api/promotion/get?id=${id}`)).body
    const attached = await staff.post('/api/promotion/saveAttachments', {
      id,
      versionNumber: current.versionNumber,
      attachments: [{ attachmentType: { code: 'E' }, uploaded: true, fileName: uploaded.body.serverFileName, userFileName: uploaded.body.headerFileName }],
    })
    expect(attached.status, attached.text).toBe(200)

    const mine = await alice.client.get(url)
    expect(mine.status).toBe(200)
    expect(mine.bytes).toEqual(pdfBytes)
    expect(mine.headers.get('content-disposition')).toContain('advert from staff.pdf')
    expect((await staff.get(url)).status).toBe(200)
    expect((await bob.client.get(url)).status).toBe(404)
    expect((await api.client().get(url)).status).toBe(401)

    // The customer may keep it in their own later saves (it is theirs now).
    const seen = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect(seen.attachments.find((a: any) => a.attachmentType.code === 'E')).toMatchObject({ fileName: uploaded.body.serverFileName, exists: true })
    const resaved = await alice.client.post('/api/promotion/saveAttachments', { id, versionNumber: seen.versionNumber, attachments: seen.attachments })
    expect(resaved.status, resaved.text).toBe(200)
  })

  it('a permit document staff saved with a permit number becomes the customer’s file', async () => {
    const id = await createPromotion(alice.client)
    const uploaded = await staff.upload('/api/Upload', pdfForm('NSW permit.pdf'))
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const saved = await staff.post('/api/promotion/savePermitNumber', {
      promotionId: id,
      state: 'NSW',
      number: 'NTP/01234',
      approvalDate: yesterday,
      fileName: uploaded.body.serverFileName,
    })
    expect(saved.status, saved.text).toBe(200)
    const url = `/download/upload/${uploaded.body.serverFileName}`
    expect((await alice.client.get(url)).status).toBe(200)
    expect((await bob.client.get(url)).status).toBe(404)
  })
})

describe('reportActivity', () => {
  it("answers 404 for another customer's promotion (and a missing one) and touches nothing", async () => {
    const id = await createPromotion(alice.client)
    const other = await bob.client.post('/api/promotion/reportActivity', { id })
    expect(other.status).toBe(404)
    expect((await bob.client.post('/api/promotion/reportActivity', { id: 2_000_000_000 })).status).toBe(404)
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body.active).toBe(false)
    // Staff editing answers ok without counting as the owner's activity; the owner's own call counts.
    expect((await staff.post('/api/promotion/reportActivity', { id })).status).toBe(200)
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body.active).toBe(false)
    // Staff were active a moment ago: the owner is told so; then staff are told the owner is active.
    expect((await alice.client.post('/api/promotion/reportActivity', { id })).body).toEqual({ ok: true, otherEditor: 'staff' })
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body.active).toBe(true)
    expect((await staff.post('/api/promotion/reportActivity', { id })).body).toEqual({ ok: true, otherEditor: 'owner' })
  })
})

describe('updateEmails', () => {
  it('lists every e-mail address change newest first, 20 a page, found by the old, new or current address', async () => {
    const target = await createCustomer(api, { firstName: 'Ottilie', lastName: 'Oldaddress' })
    const first = `first-${target.id}@example.com`
    const second = `second-${target.id}@example.com`
    expect((await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: first })).status).toBe(200)
    expect((await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: second })).status).toBe(200)

    const all = (await staff.get('/api/admin/updateEmails')).body
    expect(all).toMatchObject({ page: 1, pageSize: 20 })
    expect(all.total).toBeGreaterThanOrEqual(2)
    expect(all.changes[0]).toMatchObject({
      userId: target.id,
      name: 'Ottilie Oldaddress',
      from: first,
      to: second,
      currentEmail: second,
      changedById: staffId,
      changedByEmail: 'staff@permitdesk.test',
    })

    // The original address still finds the account.
    const byOld = (await staff.get(`/api/admin/updateEmails?q=${encodeURIComponent(target.email.toUpperCase())}`)).body
    expect(byOld.total).toBe(1)
    expect(byOld.changes[0]).toMatchObject({ from: target.email, to: first, currentEmail: second })
    expect((await staff.get(`/api/admin/updateEmails?q=second-${target.id}`)).body.total).toBe(2)
    expect((await staff.get('/api/admin/updateEmails?q=nobody-has-this-address')).body).toMatchObject({ total: 0, changes: [] })

    // 20 a page.
    for (let i = 0; i < 20; i++) await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: `many-${i}-${target.id}@example.com` })
    const page1 = (await staff.get(`/api/admin/updateEmails?q=-${target.id}@`)).body
    expect(page1.total).toBe(22)
    expect(page1.changes).toHaveLength(20)
    const page2 = (await staff.get(`/api/admin/updateEmails?q=-${target.id}@&page=2`)).body
    expect(page2.changes.map((c: any) => c.to)).toEqual([second, first])

    // Staff only.
    expect((await api.client().get('/api/admin/updateEmails')).status).toBe(401)
    expect((await alice.client.get('/api/admin/updateEmails')).status).toBe(403)
  })
})

/** A tiny but real WAV recording (RIFF header and a few silent samples). */
function wavBytes(): Buffer {
  const samples = Buffer.alloc(800)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}
const voicemailForm = (fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  if (file) data.append('file', new Blob([file.bytes]), file.name)
  return data
}

describe('voicemails', () => {
  it('staff record a phone message as a customer contact; only staff download the recording at /download/voicemail/{file}', async () => {
    const wav = wavBytes()
    const noFile = await staff.upload('/api/admin/createVoicemail', voicemailForm({ name: 'Vera Caller', phone: '0400 000 000' }))
    expect(noFile.status).toBe(400)
    expect(noFile.body.message).toBe(MSG_VOICEMAIL_FILE_REQUIRED)
    const notAudio = await staff.upload('/api/admin/createVoicemail', voicemailForm({ phone: '0400 000 000' }, { bytes: pdfBytes, name: 'message.wav' }))
    expect(notAudio.status).toBe(400)
    expect(notAudio.body.message).toBe(MSG_VOICEMAIL_NOT_AUDIO)
    const nobody = await staff.upload('/api/admin/createVoicemail', voicemailForm({ message: 'Call me back' }, { bytes: wav, name: 'message.wav' }))
    expect(nobody.status).toBe(400)
    expect(nobody.body.message).toBe(MSG_VOICEMAIL_CALLER_REQUIRED)

    const created = await staff.upload(
      '/api/admin/createVoicemail',
      voicemailForm(
        { name: 'Vera Caller', phone: '0400 000 000', message: 'Asks about her NSW permit.', promotionRef: '42' },
        { bytes: wav, name: 'voicemail 0400.wav' },
      ),
    )
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({
      kind: 'voicemail',
      name: 'Vera Caller',
      phone: '0400 000 000',
      promotionRef: '42',
      voicemailFile: expect.stringMatching(/^[0-9a-f-]{36}\.wav$/),
      resolvedAt: null,
    })
    const id = created.body.id

    // Listed among the open messages, and found by contact_id, with the recording's name.
    const open = (await staff.get('/api/admin/getCustomerContacts')).body.contacts
    expect(open.find((c: any) => c.id === id)).toMatchObject({ kind: 'voicemail', voicemailFile: created.body.voicemailFile })
    expect((await staff.get(`/api/admin/getCustomerContact?id=${id}`)).body.voicemailFile).toBe(created.body.voicemailFile)
    const logged = (await api.database.db.execute(sql`select action, user_id from app.changelog where entity = 'customer-contact' and entity_id = ${id}`)).rows
    expect(logged).toEqual([{ action: 'record-voicemail', user_id: staffId }])

    const url = `/download/voicemail/${created.body.voicemailFile}`
    const download = await staff.get(url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('audio/wav')
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="voicemail-\d+-.*\.wav"$/)
    expect(download.bytes).toEqual(wav)

    expect((await api.client().get(url)).status).toBe(401)
    expect((await alice.client.get(url)).status).toBe(403)
    const marketing = await createCustomer(api, { staffRole: 'marketing' })
    expect((await marketing.client.get(url)).status).toBe(403)
    // Only recorded voicemails: any other name is no file, and nothing outside the voicemails.
    expect((await staff.get('/download/voicemail/00000000-0000-0000-0000-000000000000.wav')).status).toBe(404)
    expect((await staff.get('/download/voicemail/..%2Fuploads%2Fanything.pdf')).status).toBe(404)

    // Claimed and resolved like any customer contact.
    expect((await staff.post('/api/admin/resolveCustomerContact', { id })).body.resolvedAt).toEqual(expect.any(String))
    // The API call itself is staff only.
    expect((await alice.client.upload('/api/admin/createVoicemail', voicemailForm({ phone: '1' }, { bytes: wav, name: 'a.wav' }))).status).toBe(403)
    expect((await api.client().upload('/api/admin/createVoicemail', voicemailForm({ phone: '1' }, { bytes: wav, name: 'a.wav' }))).status).toBe(401)
  })
})
