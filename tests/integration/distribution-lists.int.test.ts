import { MSG_EMAIL_INVALID, MSG_LIST_NAME_REQUIRED, MSG_LIST_ROW_INVALID } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
})
afterAll(async () => api?.close())

describe('/api/DistributionList', () => {
  it('answers 401 when signed out', async () => {
    const anonymous = api.client()
    expect((await anonymous.get('/api/DistributionList/get')).status).toBe(401)
    expect((await anonymous.post('/api/DistributionList/create', { name: 'Team' })).status).toBe(401)
    expect((await anonymous.post('/api/DistributionList/addEmail', { id: 1, email: 'a@example.com' })).status).toBe(401)
    expect((await anonymous.post('/api/DistributionList/removeEmail', { id: 1, email: 'a@example.com' })).status).toBe(401)
    expect((await anonymous.post('/api/DistributionList/delete', { id: 1 })).status).toBe(401)
  })

  it('creates a list, adds de-duplicated addresses, removes one and deletes the list (paths case-insensitive)', async () => {
    const created = await alice.client.post('/api/distributionlist/create', { name: '  Marketing team ' })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Marketing team', emails: [] })
    const id = created.body.id

    expect((await alice.client.post('/api/DistributionList/addEmail', { id, email: ' Jo@Example.com ' })).body).toMatchObject({
      emails: ['jo@example.com'],
      added: 1,
    })
    const again = await alice.client.post('/api/DistributionList/addEmail', { id, email: 'jo@example.com' })
    expect(again.body).toMatchObject({ emails: ['jo@example.com'], added: 0 })

    const pasted = await alice.client.post('/api/DistributionList/addEmail', { id, emails: 'sam@example.com, kim@example.com\nJO@example.com' })
    expect(pasted.body).toMatchObject({ emails: ['jo@example.com', 'sam@example.com', 'kim@example.com'], added: 2, rejected: [] })

    const list = await alice.client.get('/api/DistributionList/get')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([{ id, name: 'Marketing team', emails: ['jo@example.com', 'sam@example.com', 'kim@example.com'] }])

    expect((await alice.client.post('/api/DistributionList/removeEmail', { id, email: 'SAM@example.com' })).body.emails).toEqual([
      'jo@example.com',
      'kim@example.com',
    ])
    expect((await alice.client.post('/api/DistributionList/delete', { id })).body).toEqual({ id })
    expect((await alice.client.get('/api/DistributionList/get')).body).toEqual([])
  })

  it('reads an uploaded CSV: header skipped, good rows added, bad rows reported by line', async () => {
    const { id } = (await alice.client.post('/api/DistributionList/create', { name: 'From CSV' })).body
    const csv = 'Name,Email\r\nJo,jo@example.com\r\nSam,not-an-address@\r\nKim,kim@example.com\r\nNobody,\r\n"Lee, A",lee@example.com\r\n'
    const response = await alice.client.post('/api/DistributionList/addEmail', { id, csv })
    expect(response.status).toBe(200)
    expect(response.body.emails).toEqual(['jo@example.com', 'kim@example.com', 'lee@example.com'])
    expect(response.body.rejected).toEqual([
      { line: 3, value: 'not-an-address@', message: MSG_LIST_ROW_INVALID(3, 'not-an-address@') },
      { line: 5, value: 'Nobody', message: MSG_LIST_ROW_INVALID(5, 'Nobody') },
    ])
  })

  it('refuses a bad address, an empty name and a file with no address, with messages', async () => {
    const { id } = (await alice.client.post('/api/DistributionList/create', { name: 'Checks' })).body
    const bad = await alice.client.post('/api/DistributionList/addEmail', { id, email: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(MSG_EMAIL_INVALID)
    const empty = await alice.client.post('/api/DistributionList/create', { name: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.body.modelState.name).toEqual([MSG_LIST_NAME_REQUIRED])
    const noneValid = await alice.client.post('/api/DistributionList/addEmail', { id, emails: 'jo at example\nkim' })
    expect(noneValid.status).toBe(400)
    expect(noneValid.body.modelState.emails).toEqual([MSG_LIST_ROW_INVALID(1, 'jo at example'), MSG_LIST_ROW_INVALID(2, 'kim')])
  })

  it("answers 404 for another customer's list, and keeps it unchanged", async () => {
    const { id } = (await alice.client.post('/api/DistributionList/create', { name: 'Private' })).body
    await alice.client.post('/api/DistributionList/addEmail', { id, email: 'jo@example.com' })
    expect((await bob.client.post('/api/DistributionList/addEmail', { id, email: 'bob@example.com' })).status).toBe(404)
    expect((await bob.client.post('/api/DistributionList/removeEmail', { id, email: 'jo@example.com' })).status).toBe(404)
    expect((await bob.client.post('/api/DistributionList/delete', { id })).status).toBe(404)
    expect((await bob.client.get('/api/DistributionList/get')).body).toEqual([])
    // Nor can Bob attach Alice's list to a reminder of his own promotion.
    const bobs = await createPromotion(bob.client)
    expect((await bob.client.post('/api/Reminder/save', { promotionId: bobs, reminders: [{ kind: 'start', distributionListIds: [id] }] })).status).toBe(404)
    expect((await alice.client.get('/api/DistributionList/get')).body.find((l: any) => l.id === id).emails).toEqual(['jo@example.com'])
  })
})
