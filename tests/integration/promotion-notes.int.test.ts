import { MSG_NOTE_REQUIRED } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'

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

describe('/api/promotionNote', () => {
  it('answers 401 when signed out', async () => {
    expect((await api.client().get(`/api/promotionNote/get?id=${promotionId}`)).status).toBe(401)
    expect((await api.client().post('/api/promotionNote/save', { note: 'x', promotion_id: promotionId })).status).toBe(401)
    expect((await api.client().post('/api/promotionNote/delete', { id: 1 })).status).toBe(401)
  })

  it('adds, lists, edits and deletes a note; the dashboard counts them', async () => {
    const saved = await alice.client.post('/api/promotionNote/save', { note: '  Call the printer  ', promotion_id: promotionId })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ id: expect.any(Number), note: 'Call the printer', promotion_id: promotionId })
    const noteId = saved.body.id

    const list = await alice.client.get(`/api/promotionNote/get?id=${promotionId}`)
    expect(list.body).toEqual([expect.objectContaining({ id: noteId, note: 'Call the printer' })])
    expect((await alice.client.get(`/api/promotion/get?id=${promotionId}`)).body.notesCount).toBe(1)

    const edited = await alice.client.post('/api/promotionNote/save', { id: noteId, note: 'Printer called', promotion_id: promotionId })
    expect(edited.body).toMatchObject({ id: noteId, note: 'Printer called' })
    expect((await alice.client.get(`/api/promotionNote/get?id=${promotionId}`)).body.map((n: any) => n.note)).toEqual(['Printer called'])

    expect((await alice.client.post('/api/promotionNote/delete', { id: noteId })).body).toEqual({ id: noteId })
    expect((await alice.client.get(`/api/promotionNote/get?id=${promotionId}`)).body).toEqual([])

    const log = (
      await api.database.db.execute(sql`select action, changes from app.changelog where entity = 'promotion-note' and entity_id = ${noteId} order by id`)
    ).rows as any[]
    expect(log.map((e) => e.action)).toEqual(['create', 'modify', 'delete'])
    expect(log[1].changes.note).toEqual({ from: 'Call the printer', to: 'Printer called' })
  })

  it('refuses an empty note with a message', async () => {
    const response = await alice.client.post('/api/promotionNote/save', { note: '   ', promotion_id: promotionId })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MSG_NOTE_REQUIRED)
    expect(response.body.modelState.note).toEqual([MSG_NOTE_REQUIRED])
  })

  it("answers 404 for another customer's promotion and notes", async () => {
    const note = (await alice.client.post('/api/promotionNote/save', { note: 'Mine', promotion_id: promotionId })).body
    expect((await bob.client.get(`/api/promotionNote/get?id=${promotionId}`)).status).toBe(404)
    expect((await bob.client.post('/api/promotionNote/save', { note: 'Theirs', promotion_id: promotionId })).status).toBe(404)
    expect((await bob.client.post('/api/promotionNote/save', { id: note.id, note: 'Edited', promotion_id: promotionId })).status).toBe(404)
    expect((await bob.client.post('/api/promotionNote/delete', { id: note.id })).status).toBe(404)
    // A note id moved under another of one's own promotions is not found either.
    const bobs = await createPromotion(bob.client)
    expect((await bob.client.post('/api/promotionNote/save', { id: note.id, note: 'Edited', promotion_id: bobs })).status).toBe(404)
    expect((await alice.client.get(`/api/promotionNote/get?id=${promotionId}`)).body.map((n: any) => n.note)).toEqual(['Mine'])
  })
})
