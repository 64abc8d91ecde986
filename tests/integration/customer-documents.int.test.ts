/**
 * Issue 25, the customer's documents after submission, as a promoter (and an attacker) would go:
 * - the permit document staff upload with a permit number is the customer's to download from the
 *   promotion (its file name on the view), and nobody else's;
 * - addenda (V, W, U, X) are uploaded and lodged from the dashboard with submitAddendum: kept on
 *   the promotion with their submit date, a staff task each; refused before submission and for
 *   another customer's promotion, changing nothing.
 */
import {
  MSG_ADDENDUM_BEFORE_DRAW,
  MSG_ADDENDUM_FILE_REQUIRED,
  MSG_ADDENDUM_NOT_AFTER_SUBMISSION,
  MSG_ADDENDUM_UNKNOWN,
  PERMIT_STATUS_IDS as S,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, setDrawDates, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let staff: Client
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  await signInStaff(staff, api)
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n`)
async function upload(client: Client, text: string, name = 'document.pdf'): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([pdf(text)]), name)
  const response = await client.upload('/api/Upload', form)
  expect(response.status, response.text).toBe(201)
  return response.body.serverFileName
}
const tasksOf = async (id: number) =>
  (await api.database.db.execute(sql`select kind, note from app.staff_tasks where promotion_id = ${id} order by id`)).rows as { kind: string; note: string }[]

describe('permit documents', () => {
  it('the document staff upload with the number is downloadable by the customer, and by nobody else', async () => {
    const id = await createPromotion(alice.client, { name: 'Documents draw' })
    await setPromotionStatus(api.database.db, id, S.submitted)
    const file = await upload(staff, 'NSW permit NTP/24680', 'NSW permit.pdf')
    const today = new Date().toISOString().slice(0, 10)
    const saved = await staff.post('/api/promotion/savePermitNumber', {
      promotionId: id,
      state: 'NSW',
      number: 'NTP/24680',
      approvalDate: today,
      fileName: file,
    })
    expect(saved.status, saved.text).toBe(200)

    const view = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect(view.body.permitNumbers).toEqual([expect.objectContaining({ state: 'NSW', number: 'NTP/24680', documentFileName: file })])
    const download = await alice.client.get(`/download/upload/${file}`)
    expect(download.status).toBe(200)
    expect(download.text).toContain('NSW permit NTP/24680')

    // Another customer: as missing as a missing file; the promotion too.
    expect((await bob.client.get(`/download/upload/${file}`)).status).toBe(404)
    expect((await bob.client.get(`/api/promotion/get?id=${id}`)).status).toBe(404)
    expect((await api.client().get(`/download/upload/${file}`)).status).not.toBe(200)
  })

  it('a number saved without a document has no file to download', async () => {
    const id = await createPromotion(alice.client, { name: 'No document draw' })
    const today = new Date().toISOString().slice(0, 10)
    expect((await staff.post('/api/promotion/savePermitNumber', { promotionId: id, state: 'NSW', number: 'NTP/11111', approvalDate: today })).status).toBe(200)
    const view = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect(view.body.permitNumbers[0].documentFileName).toBeNull()
  })
})

/** A Sydney-ish calendar date `days` from today (a day either side of the draw is what matters here). */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

describe('addenda lodged from the dashboard', () => {
  it('refuses the winners lists, the declaration and the entries before the draw they follow (issue 25), changing nothing', async () => {
    const id = await createPromotion(alice.client, { name: 'Not drawn yet' })
    await setPromotionStatus(api.database.db, id, S.approved)
    const file = await upload(alice.client, 'too soon', 'V.pdf')
    // No draw date in the application yet: nothing can follow it.
    const undated = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V', fileName: file })
    expect(undated.status).toBe(409)
    expect(undated.body.message).toBe(MSG_ADDENDUM_BEFORE_DRAW)

    await setDrawDates(api.database.db, id, { finalDraw: daysFromToday(5), unclaimedDraw: daysFromToday(60) })
    for (const code of ['V', 'W', 'U', 'X']) {
      const early = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: code, fileName: file })
      expect(early.status, code).toBe(409)
      expect(early.body.message).toBe(MSG_ADDENDUM_BEFORE_DRAW)
    }
    // The final draw has happened; the unclaimed prize draw has not: W still waits for its own draw.
    await setDrawDates(api.database.db, id, { finalDraw: daysFromToday(-2) })
    expect((await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'W', fileName: file })).status).toBe(409)
    expect(await tasksOf(id)).toEqual([])
    const view = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect((view.body.attachments as { submitDate?: string }[]).some((a) => a.submitDate)).toBe(false)
    expect((await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V', fileName: file })).status).toBe(200)
  })

  it('lodges V, W, U and X after submission: each kept with its submit date, a staff task each', async () => {
    const id = await createPromotion(alice.client, { name: 'Addenda draw' })
    await setPromotionStatus(api.database.db, id, S.approved)
    await setDrawDates(api.database.db, id, { finalDraw: daysFromToday(-2), unclaimedDraw: daysFromToday(-1) })
    for (const code of ['V', 'W', 'U', 'X']) {
      const file = await upload(alice.client, `addendum ${code}`, `${code}.pdf`)
      const lodged = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: code, fileName: file })
      expect(lodged.status, lodged.text).toBe(200)
      expect(lodged.body.attachment).toMatchObject({ attachmentType: expect.objectContaining({ code }), submitDate: expect.any(String) })
    }
    const view = await alice.client.get(`/api/promotion/get?id=${id}`)
    const codes = (view.body.attachments as { attachmentType: { code: string }; submitDate?: string }[])
      .filter((a) => a.submitDate)
      .map((a) => a.attachmentType.code)
    expect(codes.sort()).toEqual(['U', 'V', 'W', 'X'])
    expect((await tasksOf(id)).filter((t) => t.kind === 'addendum')).toHaveLength(4)
  })

  it('refuses before submission, without a file, with an unknown code, and for another customer, changing nothing', async () => {
    const id = await createPromotion(alice.client, { name: 'Early addenda draw' })
    const file = await upload(alice.client, 'too early')
    const before = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V', fileName: file })
    expect(before.status).toBe(409)
    expect(before.body.message).toBe(MSG_ADDENDUM_NOT_AFTER_SUBMISSION)

    await setPromotionStatus(api.database.db, id, S.submitted)
    await setDrawDates(api.database.db, id, { finalDraw: daysFromToday(-1), unclaimedDraw: daysFromToday(-1) })
    const noFile = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V' })
    expect(noFile.status).toBe(400)
    expect(noFile.body.modelState.fileName).toEqual([MSG_ADDENDUM_FILE_REQUIRED])
    const unknown = await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'B', fileName: file })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(MSG_ADDENDUM_UNKNOWN)

    const bobs = await upload(bob.client, 'not yours')
    expect((await bob.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V', fileName: bobs })).status).toBe(404)
    // Alice cannot lodge Bob's upload either.
    expect((await alice.client.post('/api/promotion/submitAddendum', { id, addendumSlug: 'V', fileName: bobs })).status).toBeGreaterThanOrEqual(400)

    expect(await tasksOf(id)).toEqual([])
    const view = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect((view.body.attachments as { submitDate?: string }[]).some((a) => a.submitDate)).toBe(false)
  })
})
