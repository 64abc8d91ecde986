import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => api?.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const post = (body: string, ip: string) =>
  api.client().request('POST', '/error/js/', body, { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip })

describe('POST /error/js/', () => {
  it('stores a form-encoded report with every field', async () => {
    const response = await post(
      form({
        message: 'TypeError: x is undefined',
        source: 'https://site/_astro/a.js',
        line: '12',
        column: '7',
        error: 'TypeError: x is undefined\n at f',
        console: 'earlier error',
      }),
      '10.0.0.1',
    )
    expect(response.status).toBe(204)
    const { rows } = await api.database.pool.query("select * from app.js_errors where message = 'TypeError: x is undefined'")
    expect(rows[0]).toMatchObject({
      source: 'https://site/_astro/a.js',
      line: 12,
      column: 7,
      error: 'TypeError: x is undefined\n at f',
      console: 'earlier error',
    })
  })

  it('refuses a report without a message', async () => {
    const response = await post(form({ source: 'x' }), '10.0.0.2')
    expect(response.status).toBe(400)
    expect(response.body.modelState.message).toBeDefined()
  })

  it('takes at most 3 reports per client in 30 seconds, counted per client', async () => {
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await post(form({ message: `burst ${i}` }), '10.0.0.3')).status)
    expect(statuses).toEqual([204, 204, 204, 429, 429])
    expect((await post(form({ message: 'other client' }), '10.0.0.4')).status).toBe(204)
    const { rows } = await api.database.pool.query("select count(*)::int as n from app.js_errors where message like 'burst %'")
    expect(rows[0].n).toBe(3)
  })
})
