/**
 * resources/ (issue 13): the CMS `staff-resources` collection (links and documents for staff,
 * documents in `staff-documents`), edited by staff in Payload and listed by the staff console
 * through GET /api/admin/getResources. Neither collection is readable without a CMS user.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payload } from 'payload'
import { createCustomer, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'
import { cmsUserOf as cmsUserOfPayload, startPayload, type TestPayload } from '../setup/payload'

let api: TestApi
let payload: Payload
let cms: TestPayload
let staff: Client
let customer: Customer

beforeAll(async () => {
  api = await startTestApi()
  cms = await startPayload(api)
  payload = cms.payload
  staff = api.client()
  await signInStaff(staff, api)
  customer = await createCustomer(api)
}, 60_000)
afterAll(async () => {
  await cms?.close()
  await api?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const cmsUserOf = (client: Client) => cmsUserOfPayload(payload, client)
const pdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Root 1 0 R /Size 2 >>\nstartxref\n47\n%%EOF\n',
)

describe('staff resources', () => {
  it('are edited in the CMS by staff and listed by the staff console, by category and order', async () => {
    const user = await cmsUserOf(staff)
    expect(user).not.toBeNull()
    const asStaff = { user: user!, overrideAccess: false } as const

    expect((await staff.get('/api/admin/getResources')).body).toEqual([])

    // A link must be an address; a document must name a file.
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (e: { data?: { errors?: { message: string }[] } }) => e.data?.errors?.map((x) => x.message).join(' ') ?? String(e),
      )
    expect(
      await refusal(
        payload.create({
          collection: 'staff-resources',
          data: { title: 'No address', category: 'regulators', kind: 'link', url: 'not an address' },
          ...asStaff,
        }),
      ),
    ).toMatch(/starting with https:\/\//)
    expect(await refusal(payload.create({ collection: 'staff-resources', data: { title: 'No file', category: 'forms', kind: 'document' }, ...asStaff }))).toBe(
      'Please choose the document.',
    )

    const doc = await payload.create({
      collection: 'staff-documents',
      data: {},
      file: { data: pdf, mimetype: 'application/pdf', name: 'sa-lottery-form.pdf', size: pdf.length },
      ...asStaff,
    })
    await payload.create({
      collection: 'staff-resources',
      data: { title: 'SA lottery licence form', category: 'forms', kind: 'document', document: doc.id, description: 'Attach to SA applications.' },
      ...asStaff,
    })
    await payload.create({
      collection: 'staff-resources',
      data: { title: 'NSW Fair Trading', category: 'regulators', kind: 'link', url: 'https://www.fairtrading.nsw.gov.au/', order: 2 },
      ...asStaff,
    })
    await payload.create({
      collection: 'staff-resources',
      data: { title: 'ACT Access Canberra', category: 'regulators', kind: 'link', url: 'https://www.accesscanberra.act.gov.au/', order: 1 },
      ...asStaff,
    })

    const listed = await staff.get('/api/admin/getResources')
    expect(listed.status).toBe(200)
    expect(listed.body.map((r: any) => r.title)).toEqual(['ACT Access Canberra', 'NSW Fair Trading', 'SA lottery licence form'])
    expect(listed.body[0]).toMatchObject({ category: 'regulators', kind: 'link', href: 'https://www.accesscanberra.act.gov.au/', fileName: null })
    expect(listed.body[2]).toMatchObject({
      category: 'forms',
      kind: 'document',
      fileName: 'sa-lottery-form.pdf',
      mimeType: 'application/pdf',
      fileSize: pdf.length,
      description: 'Attach to SA applications.',
      href: '/cms-api/staff-documents/file/sa-lottery-form.pdf',
    })
    expect(fs.readFileSync(`${api.config.DATA_DIR}/staff-documents/sa-lottery-form.pdf`)).toEqual(pdf)

    // Staff only: the console call, and the collections themselves (customers have no CMS user).
    expect((await customer.client.get('/api/admin/getResources')).status).toBe(403)
    expect((await api.client().get('/api/admin/getResources')).status).toBe(401)
    expect(await cmsUserOf(customer.client)).toBeNull()
    await expect(payload.find({ collection: 'staff-resources', overrideAccess: false })).rejects.toThrow()
    await expect(payload.find({ collection: 'staff-documents', overrideAccess: false })).rejects.toThrow()
  })
})
