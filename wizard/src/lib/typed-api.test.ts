import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiHref, apiUrl, typedApi } from './typed-api'

afterEach(() => vi.unstubAllGlobals())

describe('the API client typed from the route list (issue 26)', () => {
  it('sends a declared call to its /api path with its query, path values encoded', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ active: true }), { status: 200, headers: { 'content-type': 'application/json' } }))
    vi.stubGlobal('fetch', fetch)
    await expect(typedApi.get('/admin/isPromotionActive', { query: { id: 7 } })).resolves.toEqual({ active: true })
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/admin/isPromotionActive?id=7')
    expect(apiUrl('/rules/:id', { id: '2026 NSW/1' })).toBe('/api/rules/2026%20NSW%2F1')
  })

  it('refuses, at type-checking, a path, method or body the API does not declare', () => {
    // Not run: `tsc -p wizard` (npm test -- types) fails if any of these stops being an error.
    const never = () => {
      // @ts-expect-error no such route
      void typedApi.get('/admin/getPromotionz', { query: { id: 1 } })
      // @ts-expect-error declared for POST only
      void typedApi.get('/admin/approvePromotion')
      // @ts-expect-error the body lacks promotionId
      void typedApi.post('/admin/approvePromotion', { sendToWA: false })
      // @ts-expect-error id is a number
      void typedApi.get('/admin/getPromotion', { query: { id: 'seven' } })
      // @ts-expect-error a path value is required
      void typedApi.get('/rules/:id')
    }
    expect(typeof never).toBe('function')
  })

  it('gives the address of a declared call for links and uploads, leaving out empty query values', () => {
    expect(apiHref('get', '/entries/export', { promotionId: 3, q: '' })).toBe('/api/entries/export?promotionId=3')
    expect(apiHref('get', '/entries/entrant/export', { email: 'a+b@example.com' })).toBe('/api/entries/entrant/export?email=a%2Bb%40example.com')
    expect(apiHref('post', '/Upload')).toBe('/api/Upload')
  })
})
