/**
 * The compliance pack (issue #30), as a promoter asked for proof by a regulator or a platform
 * would fetch it, and as an attacker would try: a ZIP with a PDF summary of every duty of the
 * compliance calendar (rule, source, due date, state, proof), the proof files and the permit
 * documents; 401 signed out, 404 for another customer's promotion.
 */
import { formatDate, OBLIGATION_STATUS_LABELS } from '@permitdesk/shared'
import JSZip from 'jszip'
import { sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadFile } from '../factories/payments'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
let id: number
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
  id = await createPromotion(alice.client, {
    name: 'Three states',
    ausStates: { nsw: true, sa: true, vic: true },
    totalPrizeValue: 20_000,
    hasNswAuthority: false,
  })
  const saved = await savePromotion(alice.client, id, (p) => {
    const complete = withCompleteApplication(p)
    return {
      ...complete,
      maxPrizeValue: 8_000,
      permit: {
        ...complete.permit,
        startDate: '2027-03-22',
        endDate: '2027-04-30',
        finalDraw: { ...complete.permit.finalDraw, date: '2027-05-03' },
        unclaimedDraw: { ...complete.permit.unclaimedDraw, date: '2027-08-02' },
      },
    }
  })
  expect(saved.status).toBe(200)
})
afterAll(async () => api?.close())

/** The words of every page of a PDF, white space collapsed (a table cell may wrap). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

describe('GET /promotions/compliancepack/{id}/', () => {
  it('is the owner\u2019s and staff\u2019s only: 401 signed out, 404 to another customer and for a missing promotion', async () => {
    expect((await api.client().get(`/promotions/compliancepack/${id}/`)).status).toBe(401)
    expect((await bob.client.get(`/promotions/compliancepack/${id}/`)).status).toBe(404)
    expect((await alice.client.get('/promotions/compliancepack/999999/')).status).toBe(404)
    expect((await alice.client.get('/promotions/compliancepack/not-a-number/')).status).toBe(404)
  })

  it('holds a PDF of every duty with its rule, source, due date, state and proof, the proof files and the permits', async () => {
    const receipt = await uploadFile(alice, 'SA lodgement receipt.pdf')
    expect((await alice.client.post('/api/promotion/closeObligation', { id, code: 'lodge-sa', serverFileName: receipt, note: 'Lodged online' })).status).toBe(
      200,
    )
    expect(
      (await alice.client.post('/api/promotion/closeObligation', { id, code: 'notify-nsw', link: 'https://www.service.nsw.gov.au/receipt/123' })).status,
    ).toBe(200)
    const permitDoc = await uploadFile(alice, 'sa-permit.pdf')
    await api.database.db.execute(
      sql`update app.promotions set permit_numbers = ${JSON.stringify({ sa: { number: 'T27/0042', approvalDate: '2027-03-10', expiryDate: null, fileName: permitDoc } })}::jsonb where id = ${id}`,
    )
    const calendar = (await alice.client.get(`/api/promotion/obligations?id=${id}`)).body
    expect(calendar.compliancePackUrl).toBe(`/promotions/compliancepack/${id}/`)

    const response = await alice.client.get(calendar.compliancePackUrl)
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="compliance-pack-${id}.zip"`)
    const zip = await JSZip.loadAsync(response.bytes)
    expect(Object.keys(zip.files).sort()).toEqual(['compliance-summary.pdf', 'permits/SA permit T27-0042.pdf', 'proof/lodge-sa - SA lodgement receipt.pdf'])
    expect(await zip.file('proof/lodge-sa - SA lodgement receipt.pdf')!.async('nodebuffer')).toEqual(
      (await alice.client.get(`/download/upload/${receipt}`)).bytes,
    )

    const text = await pdfText(await zip.file('compliance-summary.pdf')!.async('uint8array'))
    expect(text).toContain(`Compliance summary: ${(await alice.client.get(`/api/promotion/get?id=${id}`)).body.name}`)
    expect(text).toContain(`Promotion number ${id}.`)
    expect(text).toContain(`Rule set ${calendar.ruleSetId}`)
    for (const o of calendar.obligations) {
      expect(text, o.code).toContain(o.title)
      expect(text, o.code).toContain(formatDate(o.dueDate))
      if (o.source) expect(text, o.code).toContain(o.source.title)
    }
    expect(text).toContain(OBLIGATION_STATUS_LABELS.done)
    expect(text).toContain('https://www.service.nsw.gov.au/receipt/123')
    expect(text).toContain('Lodged online')
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d|UTC/)

    // Staff fetch the same pack.
    const forStaff = await staff.get(`/promotions/compliancepack/${id}/`)
    expect(forStaff.status).toBe(200)
    expect(Object.keys((await JSZip.loadAsync(forStaff.bytes)).files)).toHaveLength(3)
  })
})
