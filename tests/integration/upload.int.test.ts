import fs from 'node:fs'
import path from 'node:path'
import { MSG_UPLOAD_ERROR, MSG_UPLOAD_SUCCESS } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
const form = (bytes: Buffer, name: string, field = 'file') => {
  const data = new FormData()
  data.append(field, new Blob([bytes]), name)
  return data
}
const uploadCount = async () => (await api.database.db.execute(sql`select count(*)::int as n from app.uploads`)).rows[0]!.n as number

describe('POST /api/Upload', () => {
  it('answers 401 when signed out', async () => {
    expect((await api.client().upload('/api/Upload', form(pdfBytes, 'terms.pdf'))).status).toBe(401)
  })

  it('stores a PDF and answers with the spec fields and message', async () => {
    const response = await alice.client.upload('/api/Upload', form(pdfBytes, '../Terms "final".pdf'))
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ message: MSG_UPLOAD_SUCCESS, headerFileName: 'Terms final.pdf', fileExtension: 'pdf', date: expect.any(String) })
    expect(response.body.serverFileName).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(fs.readFileSync(path.join(api.config.DATA_DIR, 'uploads', response.body.serverFileName))).toEqual(pdfBytes)
  })

  it('refuses a renamed executable and stores nothing', async () => {
    const before = await uploadCount()
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])
    const response = await alice.client.upload('/api/Upload', form(elf, 'terms.pdf'))
    expect(response.status).toBe(400)
    expect(response.body.modelState.file[0]).toMatch(/cannot be uploaded/)
    expect(await uploadCount()).toBe(before)
  })

  it('refuses a file over 10MB with the spec message', async () => {
    const before = await uploadCount()
    const big = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024)])
    const response = await alice.client.upload('/api/Upload', form(big, 'big.pdf'))
    expect(response.status).toBe(413)
    expect(response.body.message).toBe(MSG_UPLOAD_ERROR)
    expect(await uploadCount()).toBe(before)
  })

  it('asks for a file when the field is missing or misnamed', async () => {
    const response = await alice.client.upload('/api/Upload', form(pdfBytes, 'terms.pdf', 'document'))
    expect(response.status).toBe(400)
    expect(response.body.modelState.file).toBeDefined()
  })
})

describe('GET /download/upload/{serverFileName}', () => {
  it('gives the owner and staff the file, and anyone else a 404', async () => {
    const uploaded = await alice.client.upload('/api/Upload', form(pdfBytes, 'entry form.pdf'))
    const url = `/download/upload/${uploaded.body.serverFileName}`
    const own = await alice.client.get(url)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.headers.get('content-disposition')).toContain('entry form.pdf')
    expect(own.bytes).toEqual(pdfBytes)

    expect((await bob.client.get(url)).status).toBe(404)
    expect((await api.client().get(url)).status).toBe(401)
    const staff = api.client()
    await signInStaff(staff, api)
    expect((await staff.get(url)).status).toBe(200)
  })
})
