/**
 * Issue 11 "Round trips": what a read returns, the matching write accepts. Read-only fields sent
 * back (fees, status, computed flags, timestamps) are ignored, not refused; the concurrency token
 * is `versionNumber` on both sides; a save from a stale copy still gets 409.
 */
import { MSG_SAVE_VERSION_CONFLICT } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeApplication } from '../factories/permit'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'

const withoutNulls = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null))

let api: TestApi
let alice: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
})
afterAll(async () => api?.close())

describe('promotion: get, change one field, save back', () => {
  it('accepts exactly what get returned (fees, status, flags, timestamps included) and changes only the one field', async () => {
    const id = await createPromotion(alice.client)
    const read = await alice.client.get(`/api/promotion/get?id=${id}`)
    expect(read.status).toBe(200)
    expect(read.body.versionNumber).toBe(1)
    expect(read.body.permit.feeDue_NSW).toBe(468)

    const saved = await alice.client.post('/api/promotion/save', { ...read.body, name: 'Renamed by round trip' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ id, name: 'Renamed by round trip', versionNumber: 2, totalPrizeValue: 20_000 })
    // Read-only fields sent back were ignored, not applied: the fees are recomputed, not the ones sent.
    const tampered = await alice.client.post('/api/promotion/save', {
      ...saved.body,
      permit: { ...saved.body.permit, feeDue_NSW: 1, feeDue_GrandTotal: 1, permitStatus: { id: 9, name: 'Approved', slug: 'approved' } },
      createdAt: '2000-01-01T00:00:00.000Z',
      isSubmittedOrGenerated: true,
    })
    expect(tampered.status).toBe(200)
    expect(tampered.body.permit.feeDue_NSW).toBe(468)
    expect(tampered.body.permit.permitStatus.slug).toBe(saved.body.permit.permitStatus.slug)
    expect(tampered.body.createdAt).toBe(read.body.createdAt)
    expect(tampered.body.isSubmittedOrGenerated).toBe(false)

    const after = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const { name: _n, versionNumber: _v, updatedAt: _u, ...rest } = after
    const { name: _n0, versionNumber: _v0, updatedAt: _u0, ...before } = read.body
    // A first save stores the application's empty fields as null where a new promotion has none yet.
    expect(withoutNulls(rest)).toEqual(withoutNulls(before))
  })

  it('round-trips a complete application, amounts in dollars included', async () => {
    const id = await createPromotion(alice.client)
    const read = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const complete = completeApplication()
    const first = await alice.client.post('/api/promotion/save', { ...read, ...complete, permit: { ...read.permit, ...complete.permit } })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ prizeValueNSW: 20_000, maxPrizeValue: 8_000 })
    const again = await alice.client.post('/api/promotion/save', { ...first.body, prizeValueACT: 19_999.99 })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ prizeValueNSW: 20_000, prizeValueACT: 19_999.99, versionNumber: first.body.versionNumber + 1 })
  })

  it('still refuses a save from a stale copy with 409', async () => {
    const id = await createPromotion(alice.client)
    const read = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    expect((await alice.client.post('/api/promotion/save', { ...read, name: 'First' })).status).toBe(200)
    const stale = await alice.client.post('/api/promotion/save', { ...read, name: 'Second' })
    expect(stale.status).toBe(409)
    expect(stale.body.modelState).toEqual({ versionNumber: [MSG_SAVE_VERSION_CONFLICT] })
  })
})

describe('account: get, change one field, update back', () => {
  it('accepts exactly what get returned and changes only the one field', async () => {
    const read = await alice.client.get('/api/account/get')
    expect(read.status).toBe(200)
    const updated = await alice.client.post('/api/account/update', { ...read.body, firstName: 'Patricia' })
    expect(updated.status).toBe(200)
    const after = (await alice.client.get('/api/account/get')).body
    expect(after).toEqual({ ...read.body, firstName: 'Patricia' })
  })

  it('ignores read-only fields sent back (e-mail, staff flag, ids)', async () => {
    const read = (await alice.client.get('/api/account/get')).body
    const updated = await alice.client.post('/api/account/update', {
      ...read,
      email: 'someone.else@example.com',
      agent: true,
      userId: 1,
      emailConfirmed: false,
    })
    expect(updated.status).toBe(200)
    expect((await alice.client.get('/api/account/get')).body).toEqual(read)
  })
})

describe('applicant: get, change one field, save back with the promotion', () => {
  it('accepts the applicant as applicant/get returned it', async () => {
    const id = await createPromotion(alice.client)
    const promotion = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const complete = completeApplication()
    const saved = await alice.client.post('/api/promotion/save', { ...promotion, permit: { ...promotion.permit, applicant: complete.permit.applicant } })
    expect(saved.status).toBe(200)

    const applicant = await alice.client.get(`/api/applicant/get?id=${id}`)
    expect(applicant.status).toBe(200)
    const current = (await alice.client.get(`/api/promotion/get?id=${id}`)).body
    const back = await alice.client.post('/api/promotion/save', {
      ...current,
      permit: { ...current.permit, applicant: { ...applicant.body, tradingName: 'Round Trip Trading' } },
    })
    expect(back.status).toBe(200)
    const after = (await alice.client.get(`/api/applicant/get?id=${id}`)).body
    expect(after).toEqual({ ...applicant.body, tradingName: 'Round Trip Trading' })
  })
})
