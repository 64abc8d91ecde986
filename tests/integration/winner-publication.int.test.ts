/**
 * Winner publication as a service (issue 25, decision record 020): ordered on the services step,
 * priced from the rule set, invoiced, kept through saves, and delivered by the draw onto the hosted
 * winners page that the dashboard shows.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, promotionInput, type Customer } from '../factories/promotions'
import { readyPromotion, waivePayment } from '../factories/payments'
import { savePromotion } from '../factories/permit'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
})
afterAll(async () => api?.close())

const get = async (customer: Customer, id: number) => (await customer.client.get(`/api/promotion/get?id=${id}`)).body
const ordered = { ausStates: { sa: true, act: true }, totalPrizeValue: 20_000, hasNswAuthority: null, randomDraw: true, winnerPublication: true }

describe('ordering it', () => {
  it('a customer in ACT and SA with our draw orders it and pays $100 + GST for it', async () => {
    const id = await createPromotion(alice.client, ordered)
    const p = await get(alice, id)
    expect(p).toMatchObject({ winnerPublication: true, hasWinnerPublication: true, serviceLineCount: 2 })
    expect(p.servicesString).toContain('Winner publication')
    expect(p.permit.feeDue_WinnerPublication).toBe(100)
    // ACT 721 + SA 928 (government, GST-free) + management for two permits 270 + draw 150 + publication 100.
    expect(p.permit.feeDue_Total).toBe(721 + 928 + 270 + 150 + 100)
    expect(p.permit.feeDue_GST).toBe(52)
  })

  it('is not kept, nor charged, where it is not offered: without our draw, outside ACT and SA', async () => {
    for (const overrides of [
      { ...ordered, randomDraw: false },
      { ...ordered, ausStates: { nsw: true, vic: true }, hasNswAuthority: false },
    ]) {
      const p = await get(alice, await createPromotion(alice.client, overrides))
      expect(p).toMatchObject({ winnerPublication: false, hasWinnerPublication: false })
      expect(p.permit.feeDue_WinnerPublication).toBe(0)
    }
  })

  it('is dropped from a game of skill (no draw to publish)', async () => {
    const id = await createPromotion(alice.client, ordered)
    const response = await alice.client.post('/api/promotion/modify', {
      id,
      skillsBasedTC: true,
      name: 'Best photo',
      ausStates: { sa: true },
      totalPrizeValue: 1_000,
      winnerPublication: true,
    })
    expect(response.status).toBe(200)
    const p = await get(alice, id)
    expect(p.winnerPublication).toBe(false)
    expect(p.permit.feeDue_WinnerPublication).toBe(0)
  })

  it('is taken off on the modify form and the fee goes with it', async () => {
    const id = await createPromotion(alice.client, ordered)
    const response = await alice.client.post('/api/promotion/modify', { ...promotionInput({ ...ordered, winnerPublication: false }), id })
    expect(response.status).toBe(200)
    const p = await get(alice, id)
    expect(p.winnerPublication).toBe(false)
    expect(p.permit.feeDue_WinnerPublication).toBe(0)
  })

  it('a save of the application sends it back as read and changes nothing about it', async () => {
    const id = await createPromotion(alice.client, ordered)
    const kept = await savePromotion(alice.client, id)
    expect(kept.status, kept.text).toBe(200)
    // A save is not the services step: a client that flips the flag in a save is ignored.
    const flipped = await savePromotion(alice.client, id, (p) => ({ ...p, winnerPublication: false }))
    expect(flipped.status, flipped.text).toBe(200)
    expect(await get(alice, id)).toMatchObject({ winnerPublication: true, permit: { feeDue_WinnerPublication: 100 } })
  })

  it('a bad value answers 400 with the field, and creates nothing', async () => {
    const before = (await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.promotions`)).rows[0]!.n
    const response = await alice.client.post('/api/promotion/create', promotionInput({ ...ordered, winnerPublication: 'yes' }))
    expect(response.status).toBe(400)
    expect(response.body.modelState.winnerPublication).toBeDefined()
    expect((await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app.promotions`)).rows[0]!.n).toBe(before)
  })
})

describe('paying for it', () => {
  it('the submission invoice has a "Winner publication service" line with GST', async () => {
    // The factory's complete application is for NSW and ACT.
    const id = await readyPromotion(alice, { randomDraw: true, winnerPublication: true })
    const response = await alice.client.post('/api/promotion/submitPermitApplication', { id, isBPAY: true })
    expect(response.status, response.text).toBe(200)
    const lines = response.body.invoice.lines as { description: string; amount: number; taxable: boolean }[]
    expect(lines).toContainEqual({ description: 'Winner publication service', amount: 100, taxable: true })
    expect(response.body.invoice.amount).toBe(lines.reduce((sum, l) => sum + l.amount, 0))
  })
})

describe('what it delivers', () => {
  it("after the draw the dashboard reads when and where each state's winners go up; another customer reads nothing", async () => {
    const id = await createPromotion(alice.client, ordered)
    await waivePayment(staff.client, id)
    await api.database.db.execute(sql`update app.promotions set permit = ${JSON.stringify({ finalDraw: { date: '2027-03-01', time: '14:00' } })}::jsonb,
      details = ${JSON.stringify({ maxPrizeValue: 500_000 })}::jsonb where id = ${id}`)
    const created = await alice.client.post('/api/draw/create', { promotionId: id, winners: 1, reserves: 0 })
    expect(created.status, created.text).toBe(200)
    const before = (await alice.client.get(`/api/draw/list?promotionId=${id}`)).body
    // Before the run the winners page exists and says when the winners go up (issue 23); nothing is scheduled yet.
    expect(before[0]).toMatchObject({ winnerPublications: [], winnersUrl: `/winners/${created.body.publicId}/` })

    const data = new FormData()
    data.append('id', String(created.body.id))
    data.append('file', new Blob(['entryId,name,postcode\nE1,Jo Smith,2600\nE2,Ann Lee,5000\n']), 'entries.csv')
    expect((await alice.client.upload('/api/draw/uploadEntries', data)).status).toBe(200)
    expect((await alice.client.post('/api/draw/commit', { id: created.body.id })).status).toBe(200)
    await api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${created.body.id}`)
    const run = await alice.client.post('/api/draw/run', { id: created.body.id })
    expect(run.status, run.text).toBe(200)

    const [draw] = (await alice.client.get(`/api/draw/list?promotionId=${id}`)).body
    expect(draw.winnersUrl).toBe(`/winners/${created.body.publicId}/`)
    expect(draw.winnerPublications.map((p: any) => [p.state, p.publishAt, p.publishedAt !== null])).toEqual([
      // ACT: 7 days after the final draw, 9:00 Sydney; SA: at once, so it is live already.
      ['ACT', '2027-03-07T22:00:00.000Z', false],
      ['SA', run.body.ranAt, true],
    ])
    expect((await api.client().get(draw.winnersUrl)).status).toBe(200)
    expect((await bob.client.get(`/api/draw/list?promotionId=${id}`)).status).toBe(404)
  })

  it('without the service the draw publishes nothing and there is no winners page', async () => {
    const id = await createPromotion(alice.client, { ...ordered, winnerPublication: false })
    await waivePayment(staff.client, id)
    await api.database.db.execute(
      sql`update app.promotions set permit = ${JSON.stringify({ finalDraw: { date: '2027-03-01', time: '14:00' } })}::jsonb where id = ${id}`,
    )
    const created = await alice.client.post('/api/draw/create', { promotionId: id, winners: 1, reserves: 0 })
    const data = new FormData()
    data.append('id', String(created.body.id))
    data.append('file', new Blob(['entryId,name,postcode\nE1,Jo Smith,2600\nE2,Ann Lee,5000\n']), 'entries.csv')
    expect((await alice.client.upload('/api/draw/uploadEntries', data)).status).toBe(200)
    expect((await alice.client.post('/api/draw/commit', { id: created.body.id })).status).toBe(200)
    await api.database.db.execute(sql`update app.draws set run_at = now() - interval '1 minute' where id = ${created.body.id}`)
    expect((await alice.client.post('/api/draw/run', { id: created.body.id })).status).toBe(200)
    const [draw] = (await alice.client.get(`/api/draw/list?promotionId=${id}`)).body
    expect(draw).toMatchObject({ winnerPublications: [], winnersUrl: null })
    expect((await api.client().get(`/winners/${created.body.publicId}/`)).status).toBe(404)
  })
})
