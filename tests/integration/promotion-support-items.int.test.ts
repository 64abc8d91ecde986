import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
  await api.database.db.execute(sql`delete from cms.support_items`)
  for (let i = 1; i <= 10; i++) {
    await api.database.db.execute(
      sql`insert into cms.support_items (kind, question, answer, "order") values ('promotion-list-faq', ${`List question ${i}`}, ${`Answer ${i}`}, ${11 - i})`,
    )
  }
  await api.database.db.execute(
    sql`insert into cms.support_items (kind, question, answer, "order") values ('faq', 'What is a permit?', 'A licence.', 1), ('howto', 'How to upload', 'Drag it.', 1), ('form-faq', 'Which states?', 'Any.', 1)`,
  )
})
afterAll(async () => api?.close())

describe('/api/SupportItem', () => {
  it('getPromotionListFAQs answers the first eight promotion-list FAQs in the editors’ order, signed out too', async () => {
    const response = await api.client().get('/api/SupportItem/getPromotionListFAQs')
    expect(response.status).toBe(200)
    expect(response.body).toHaveLength(8)
    expect(response.body[0]).toEqual({ id: expect.any(Number), question: 'List question 10', answer: 'Answer 10', order: 1 })
    expect(response.body.map((i: any) => i.question)).not.toContain('What is a permit?')
  })

  it.each([
    ['getFAQs', 'What is a permit?'],
    ['getHowTos', 'How to upload'],
    ['getFormFAQs', 'Which states?'],
  ])('%s answers its own kind only', async (action, question) => {
    const response = await api.client().get(`/api/supportitem/${action}`)
    expect(response.status).toBe(200)
    expect(response.body.map((i: any) => i.question)).toEqual([question])
  })
})
