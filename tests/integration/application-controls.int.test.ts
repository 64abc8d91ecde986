/**
 * The application controls that had none (issue 25; 001 §3): letterOfAuthorityReused (an agent's
 * letter lodged for an earlier promotion), usingRandomDrawsDotCom (a computer draw the customer
 * runs on randomdraws.com) and the computed isSAElectronicSubmissionOnly (SA takes licence
 * applications online only), saved and read back as a customer's browser does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, promotionInput, type Customer } from '../factories/promotions'
import { savePromotion } from '../factories/permit'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let agent: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  agent = await createCustomer(api, { authorisedAgent: true })
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

const get = async (customer: Customer, id: number) => (await customer.client.get(`/api/promotion/get?id=${id}`)).body

describe('letterOfAuthorityReused', () => {
  it("an agent with the promoter's letter says it was lodged before; the save keeps it, and un-ticking it is kept too", async () => {
    const id = await createPromotion(agent.client)
    const saved = await savePromotion(agent.client, id, (p) => ({
      ...p,
      letterOfAuthorityReused: true,
      permit: { ...p.permit, applicant: { ...(p.permit.applicant ?? {}), hasLetterOfAuthority: true } },
    }))
    expect(saved.status, saved.text).toBe(200)
    const p = await get(agent, id)
    expect(p.letterOfAuthorityReused).toBe(true)
    expect(p.permit.applicant.hasLetterOfAuthority).toBe(true)
    // Un-ticked, it reads back as false (not lost, not stuck).
    await savePromotion(agent.client, id, (q) => ({ ...q, letterOfAuthorityReused: false }))
    expect((await get(agent, id)).letterOfAuthorityReused).toBe(false)
  })

  it('a value of the wrong type answers 400 with the field and changes nothing', async () => {
    const id = await createPromotion(agent.client)
    const before = await get(agent, id)
    const response = await savePromotion(agent.client, id, (p) => ({ ...p, letterOfAuthorityReused: 'yes' }))
    expect(response.status).toBe(400)
    expect(response.body.modelState.letterOfAuthorityReused).toBeDefined()
    expect((await get(agent, id)).versionNumber).toBe(before.versionNumber)
  })
})

describe('usingRandomDrawsDotCom', () => {
  const computerDraw = (p: any, answer: boolean | null) => ({ ...p, usingRandomDrawsDotCom: answer, permit: { ...p.permit, isComputerDraw: true } })

  it('is saved for a computer draw the customer runs, and kept by the services form', async () => {
    const id = await createPromotion(agent.client)
    expect((await savePromotion(agent.client, id, (p) => computerDraw(p, true))).status).toBe(200)
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBe(true)
    // The modify form does not show it: changing the prize value keeps the answer.
    expect((await agent.client.post('/api/promotion/modify', { ...promotionInput({ totalPrizeValue: 30_000 }), id })).status).toBe(200)
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBe(true)
  })

  it('has no answer without a computer draw, or once our random draw service runs the draw', async () => {
    const id = await createPromotion(agent.client)
    await savePromotion(agent.client, id, (p) => computerDraw(p, true))
    await savePromotion(agent.client, id, (p) => ({ ...p, usingRandomDrawsDotCom: true, permit: { ...p.permit, isComputerDraw: false } }))
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBeNull()

    await savePromotion(agent.client, id, (p) => computerDraw(p, true))
    expect((await agent.client.post('/api/promotion/modify', { ...promotionInput({ randomDraw: true }), id })).status).toBe(200)
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBeNull()
    await savePromotion(agent.client, id, (p) => computerDraw(p, true))
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBeNull()
  })

  it("another customer's promotion answers 404 and keeps its answer", async () => {
    const id = await createPromotion(agent.client)
    await savePromotion(agent.client, id, (p) => computerDraw(p, true))
    const mine = await get(agent, id)
    const response = await bob.client.post('/api/promotion/save', computerDraw(mine, false))
    expect(response.status).toBe(404)
    expect((await get(agent, id)).usingRandomDrawsDotCom).toBe(true)
  })
})

describe('isSAElectronicSubmissionOnly', () => {
  it('is set exactly when an SA licence is required, and a save cannot change it', async () => {
    const sa = await createPromotion(agent.client, { ausStates: { sa: true }, totalPrizeValue: 20_000, hasNswAuthority: null })
    expect((await get(agent, sa)).permit.isSAElectronicSubmissionOnly).toBe(true)
    const saNotRequired = await createPromotion(agent.client, {
      ausStates: { sa: true },
      totalPrizeValue: 4_000,
      hasNswAuthority: null,
      hasInstantWinPrizes: false,
    })
    expect((await get(agent, saNotRequired)).permit.isSAElectronicSubmissionOnly).toBe(false)
    const nsw = await createPromotion(agent.client)
    expect((await get(agent, nsw)).permit.isSAElectronicSubmissionOnly).toBe(false)

    // Read-only: sent back flipped with a save, it is ignored (DESIGN.md §4).
    const saved = await savePromotion(agent.client, nsw, (p) => ({ ...p, permit: { ...p.permit, isSAElectronicSubmissionOnly: true } }))
    expect(saved.status, saved.text).toBe(200)
    expect((await get(agent, nsw)).permit.isSAElectronicSubmissionOnly).toBe(false)
  })
})
