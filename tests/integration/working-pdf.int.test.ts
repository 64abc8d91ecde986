import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type TestApi } from '../setup/test-api'

const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')

let api: TestApi
let alice: Customer
let bob: Customer
let promotionId: number
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  promotionId = await createPromotion(alice.client)
})
afterAll(async () => api?.close())

describe('GET /promotions/downloadworkingpdf/{id}', () => {
  it('answers 401 signed out and 404 for another customer or a missing promotion', async () => {
    expect((await api.client().get(`/promotions/downloadworkingpdf/${promotionId}`)).status).toBe(401)
    expect((await bob.client.get(`/promotions/downloadworkingpdf/${promotionId}`)).status).toBe(404)
    expect((await alice.client.get('/promotions/downloadworkingpdf/999999')).status).toBe(404)
    expect((await alice.client.get('/promotions/downloadworkingpdf/not-a-number')).status).toBe(404)
  })

  it.runIf(hasChromium)('prints the owner a PDF of the application as it stands, and staff too', async () => {
    const own = await alice.client.get(`/promotions/downloadworkingpdf/${promotionId}`)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="working-application-${promotionId}.pdf"`)
    expect(own.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const staff = api.client()
    await signInStaff(staff, api)
    expect((await staff.get(`/promotions/downloadworkingpdf/${promotionId}`)).status).toBe(200)
  })

  it('answers 503 with a clear message when no browser can be found', async () => {
    const noBrowser = await startTestApi({ CHROMIUM_PATH: '/nowhere/chromium' })
    try {
      const customer = await createCustomer(noBrowser)
      const id = await createPromotion(customer.client)
      const response = await customer.client.get(`/promotions/downloadworkingpdf/${id}`)
      expect(response.status).toBe(503)
      expect(response.body.message).toMatch(/no browser/)
    } finally {
      await noBrowser.close()
    }
  })
})
