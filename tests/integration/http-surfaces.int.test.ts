/**
 * Issue 31, "every HTTP surface through one declaration": every route the Express app answers is
 * declared, with route() under /api or surface() outside it (a file download or a server page);
 * each download is in the OpenAPI document (openapi.int.test.ts checks its binary answer), each
 * page in the gateway's page list, each one sent to the API by the gateway, and each one in the
 * authorisation policy. Then what the declaration machinery does, as a person's links exercise it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG_UNSUBSCRIBE_LINK_INVALID } from '@permitdesk/shared'
import { API_PATHS, PAGE_PATHS } from '../../api/src/server/gateway'
import { openApiFilePath } from '../../api/src/http/openapi'
import { DOWNLOAD_POLICY } from '../security/policy'
import { registeredPaths } from '../security/matrix'
import { startTestApi, type TestApi } from '../setup/test-api'
import { createCustomer } from '../factories/promotions'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => api?.close())

const under = (prefixes: string[], path: string) => prefixes.some((prefix) => path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`))

describe('one declaration per HTTP surface', () => {
  it('declares every route the app answers', () => {
    const declared = new Set([
      ...api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`),
      ...api.surfaces.map((s) => `${s.method.toUpperCase()} ${s.path}`),
    ])
    const registered = registeredPaths(api.app)
    // Nothing exempted: the Stripe webhook is a route() reading its raw body, the API reference page and its scripts are surface()s.
    expect(registered.filter((key) => !declared.has(key))).toEqual([])
    // And each declaration is mounted exactly once.
    for (const key of declared) expect(registered.filter((r) => r === key).length, key).toBe(1)
  })

  it('lists every download and page where it belongs: gateway, page list, OpenAPI, policy', async () => {
    expect(api.surfaces.length).toBeGreaterThan(15)
    const document = (await api.client().get('/api/openapi.json')).body
    for (const spec of api.surfaces) {
      const key = `${spec.method.toUpperCase()} ${spec.path}`
      expect(under(API_PATHS, spec.path), `${key}: the gateway sends it to the API`).toBe(true)
      expect(under(PAGE_PATHS, spec.path), `${key}: the page CSP is for pages`).toBe(
        spec.kind === 'html' || spec.path.startsWith('/draws/') || spec.path.startsWith('/api/docs/'),
      )
      expect(Boolean(document.paths[openApiFilePath(spec)]?.[spec.method]), `${key}: in OpenAPI unless a page`).toBe(spec.kind !== 'html')
      expect(DOWNLOAD_POLICY[key]?.access, `${key}: in the policy with its access`).toBe(spec.access)
    }
  })
})

describe('declared downloads and pages, as links are followed', () => {
  it("a download answers 401 signed out and 404 for a number that names nothing or another customer's record", async () => {
    const signedOut = api.client()
    const invoice = await signedOut.get('/download/invoice/12')
    expect(invoice.status).toBe(401)
    expect(invoice.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) })
    const customer = await createCustomer(api)
    for (const url of [
      '/download/invoice/abc',
      '/download/invoice/0',
      '/promotions/downloadpdfs/1e3',
      '/promotions/downloadworkingpdf/-4',
      '/download/draw/x/entries.csv',
    ]) {
      const answer = await customer.client.get(url)
      expect(answer.status, url).toBe(404)
      expect(answer.body.message, url).toEqual(expect.any(String))
    }
    // Another customer's working PDF is a 404, as a missing one.
    expect((await customer.client.get('/promotions/downloadworkingpdf/999999')).status).toBe(404)
  })

  it('pages live at their address with a slash: the other one answers 301 there, query kept', async () => {
    const client = api.client()
    const terms = await client.get('/t/Ab3dE9xYz1?version=2')
    expect(terms.status).toBe(301)
    expect(terms.headers.get('location')).toBe('/t/Ab3dE9xYz1/?version=2')
    const draw = await client.get('/draws/nodraw')
    expect(draw.status).toBe(301)
    expect(draw.headers.get('location')).toBe('/draws/nodraw/')
    const missing = await client.get('/t/Ab3dE9xYz1/?version=abc')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/)
    expect(missing.text).toContain('There are no terms and conditions at this address.')
  })

  it('the unsubscribe page asks first; its form is refused from another site and a bad link gets a page', async () => {
    const client = api.client()
    const ask = await client.get('/unsubscribe/?promotionId=7&email=a%40example.com&token=t0k')
    expect(ask.status).toBe(200)
    expect(ask.headers.get('cache-control')).toBe('no-store')
    expect(ask.text).toContain('Stop the reminders of promotion #7 to <strong>a@example.com</strong>?')
    const form = 'promotionId=7&email=a%40example.com&token=t0k'
    const crossSite = await client.request('POST', '/unsubscribe/', form, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    const bad = await client.request('POST', '/unsubscribe/', form, { 'content-type': 'application/x-www-form-urlencoded' })
    expect(bad.status).toBe(404)
    expect(bad.headers.get('content-type')).toMatch(/^text\/html/)
    expect(bad.text).toContain(MSG_UNSUBSCRIBE_LINK_INVALID)
  })

  it('a public file carries its declared caching', async () => {
    const script = await api.client().get('/draws/verify-draw.mjs')
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('public, max-age=300')
    expect(script.headers.get('content-disposition')).toBe('attachment; filename="verify-draw.mjs"')
  })
})
