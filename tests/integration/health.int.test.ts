import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => api?.close())

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const response = await api.client().get('/api/health')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ok' })
  })

  it('is case-insensitive, like every API path', async () => {
    expect((await api.client().get('/API/Health')).status).toBe(200)
  })

  it('answers 503 once the database stops answering', async () => {
    const { startTestApi: start } = await import('../setup/test-api')
    const other = await start()
    await other.database.pool.end()
    const response = await other.client().get('/api/health')
    expect(response.status).toBe(503)
    expect(response.body.status).toBe('unavailable')
  })
})

describe('API conventions', () => {
  it('answers an unknown call with 404 in the error shape', async () => {
    const response = await api.client().get('/api/no/such/call')
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ message: expect.any(String) })
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await api.client().request('POST', '/api/health', '{not json')
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/not valid JSON/)
  })

  it('refuses a state-changing request from another origin', async () => {
    const response = await api.client().post('/api/health', {}, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
  })
})
