import {
  COMPLIANCE_NOTE_MAX_LENGTH,
  MSG_COMPLIANCE_NOTE_CATEGORY_INVALID,
  MSG_COMPLIANCE_NOTE_TEXT_REQUIRED,
  MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG,
  MSG_FORBIDDEN,
  MSG_NOT_FOUND,
  MSG_RECORD_ID_INVALID,
  MSG_UNAUTHENTICATED,
} from '@permitdesk/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complianceNotes } from '../../api/src/db/schema/compliance-notes'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
let staffUserId: number
let promotionId: number
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  staffUserId = (await signInStaff(staff, api)).userId
  promotionId = await createPromotion(alice.client)
})
afterAll(async () => api?.close())

const create = (client: Client, body: Record<string, unknown>) => client.post('/api/ComplianceNote/create', body)
const list = (client: Client, id = promotionId) => client.get(`/api/ComplianceNote/get?promotionId=${id}`)

describe('/api/ComplianceNote access', () => {
  it('answers 401 when signed out', async () => {
    for (const response of [
      await list(api.client()),
      await create(api.client(), { promotionId, categorySlug: 'RB', text: 'x' }),
      await api.client().post('/api/ComplianceNote/delete', { id: 1 }),
    ]) {
      expect(response.status).toBe(401)
      expect(response.body.message).toBe(MSG_UNAUTHENTICATED)
    }
  })

  it('answers 403 to customers writing notes, even on their own promotion', async () => {
    for (const response of [
      await create(alice.client, { promotionId, categorySlug: 'RB', text: 'Mine' }),
      await alice.client.post('/api/ComplianceNote/delete', { id: 1 }),
      await create(bob.client, { promotionId, categorySlug: 'RB', text: 'Theirs' }),
    ]) {
      expect(response.status).toBe(403)
      expect(response.body.message).toBe(MSG_FORBIDDEN)
    }
    expect(await api.database.db.select().from(complianceNotes)).toEqual([])
  })
})

describe('/api/ComplianceNote create, get, delete', () => {
  it('staff add notes; staff and the owner read them oldest first; another customer gets 404', async () => {
    const first = await create(staff, { promotionId, categorySlug: ' rb ', text: '  Check the general requirements.  ' })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      id: expect.any(Number),
      promotionId,
      categorySlug: 'RB',
      text: 'Check the general requirements.',
      createdAt: expect.any(String),
    })
    expect(new Date(first.body.createdAt).toISOString()).toBe(first.body.createdAt)
    const second = await create(staff, { promotionId: String(promotionId), categorySlug: 'Ta', text: 'Motor vehicle: registration and on-road costs.' })
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ promotionId, categorySlug: 'TA' })

    const [stored] = await api.database.db.select().from(complianceNotes).where(eq(complianceNotes.id, first.body.id))
    expect(stored).toMatchObject({ createdBy: staffUserId, categorySlug: 'RB' })

    const expected = [first.body, second.body]
    expect((await list(staff)).body).toEqual(expected)
    const owners = await list(alice.client)
    expect(owners.status).toBe(200)
    expect(owners.body).toEqual(expected)

    const theirs = await list(bob.client)
    const missing = await list(bob.client, 999_999)
    expect(theirs.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(theirs.body).toEqual(missing.body)
    expect(theirs.body.message).toBe(MSG_NOT_FOUND)
  })

  it('orders by creation time, not by id', async () => {
    const other = await createPromotion(alice.client, { name: 'Ordering' })
    const a = (await create(staff, { promotionId: other, categorySlug: 'RF', text: 'Written second' })).body
    const b = (await create(staff, { promotionId: other, categorySlug: 'RH', text: 'Written first' })).body
    await api.database.db.execute(sql`update app.compliance_notes set created_at = now() - interval '1 hour' where id = ${b.id}`)
    expect((await list(alice.client, other)).body.map((n: { id: number }) => n.id)).toEqual([b.id, a.id])
  })

  it('keeps an empty list for a promotion without notes', async () => {
    const fresh = await createPromotion(alice.client, { name: 'No notes' })
    const response = await list(alice.client, fresh)
    expect(response.status).toBe(200)
    expect(response.body).toEqual([])
  })

  it('answers 404 to staff for an unknown promotion', async () => {
    const response = await create(staff, { promotionId: 999_999, categorySlug: 'RB', text: 'Nowhere' })
    expect(response.status).toBe(404)
    expect(response.body.message).toBe(MSG_NOT_FOUND)
    expect((await list(staff, 999_999)).status).toBe(404)
  })

  it('deletes a note (staff), then answers 404 for it', async () => {
    const note = (await create(staff, { promotionId, categorySlug: 'RG', text: 'Computer draw: keep the audit log.' })).body
    expect((await list(alice.client)).body.map((n: { id: number }) => n.id)).toContain(note.id)
    const deleted = await staff.post('/api/ComplianceNote/delete', { id: note.id })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ id: note.id })
    expect((await list(alice.client)).body.map((n: { id: number }) => n.id)).not.toContain(note.id)
    const again = await staff.post('/api/ComplianceNote/delete', { id: note.id })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe(MSG_NOT_FOUND)
  })

  it('answers on any case of the path', async () => {
    expect((await staff.get(`/api/compliancenote/GET?promotionId=${promotionId}`)).status).toBe(200)
    expect((await alice.client.get(`/api/COMPLIANCENOTE/get?promotionId=${promotionId}`)).status).toBe(200)
  })

  it("hides a deleted promotion's notes from its owner but not from staff", async () => {
    const gone = await createPromotion(alice.client, { name: 'To delete' })
    await create(staff, { promotionId: gone, categorySlug: 'RB', text: 'Still here' })
    expect((await alice.client.post('/api/promotion/delete', { id: gone })).status).toBe(200)
    expect((await list(alice.client, gone)).status).toBe(404)
    expect((await list(staff, gone)).body.map((n: { text: string }) => n.text)).toEqual(['Still here'])
  })
})

describe('/api/ComplianceNote validation', () => {
  const expectInvalid = async (response: Awaited<ReturnType<typeof create>>, field: string, message: string) => {
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
    expect(response.body.modelState[field]).toEqual([message])
  }

  it('refuses a category outside TA–TO and RA–RH', async () => {
    await expectInvalid(await create(staff, { promotionId, categorySlug: 'TZ', text: 'x' }), 'categorySlug', MSG_COMPLIANCE_NOTE_CATEGORY_INVALID)
    await expectInvalid(await create(staff, { promotionId, categorySlug: 'RI', text: 'x' }), 'categorySlug', MSG_COMPLIANCE_NOTE_CATEGORY_INVALID)
    await expectInvalid(await create(staff, { promotionId, text: 'x' }), 'categorySlug', MSG_COMPLIANCE_NOTE_CATEGORY_INVALID)
  })

  it('refuses an empty or too long text, and takes one at the limit', async () => {
    await expectInvalid(await create(staff, { promotionId, categorySlug: 'RB', text: '   ' }), 'text', MSG_COMPLIANCE_NOTE_TEXT_REQUIRED)
    await expectInvalid(await create(staff, { promotionId, categorySlug: 'RB' }), 'text', MSG_COMPLIANCE_NOTE_TEXT_REQUIRED)
    await expectInvalid(
      await create(staff, { promotionId, categorySlug: 'RB', text: 'x'.repeat(COMPLIANCE_NOTE_MAX_LENGTH + 1) }),
      'text',
      MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG,
    )
    const atLimit = await create(staff, { promotionId, categorySlug: 'RB', text: ` ${'x'.repeat(COMPLIANCE_NOTE_MAX_LENGTH)} ` })
    expect(atLimit.status).toBe(200)
    expect(atLimit.body.text).toHaveLength(COMPLIANCE_NOTE_MAX_LENGTH)
  })

  it('refuses a missing or bad id, reporting every field at once', async () => {
    const response = await create(staff, { promotionId: 'abc', categorySlug: 'zz', text: '' })
    expect(response.status).toBe(400)
    expect(response.body.modelState).toEqual({
      promotionId: [MSG_RECORD_ID_INVALID],
      categorySlug: [MSG_COMPLIANCE_NOTE_CATEGORY_INVALID],
      text: [MSG_COMPLIANCE_NOTE_TEXT_REQUIRED],
    })
    await expectInvalid(await staff.post('/api/ComplianceNote/delete', { id: 'x' }), 'id', MSG_RECORD_ID_INVALID)
    await expectInvalid(await staff.get('/api/ComplianceNote/get?promotionId=-1'), 'promotionId', MSG_RECORD_ID_INVALID)
    await expectInvalid(await alice.client.get('/api/ComplianceNote/get'), 'promotionId', MSG_RECORD_ID_INVALID)
  })
})
