/**
 * Issue 11 "OpenAPI and a reference page": /api/openapi.json is a valid OpenAPI 3.1 document of
 * every declared route (and only those), with parameters, bodies, answers, errors and security per
 * access; /api/docs/ is a reference page served locally. (That real answers match the documented
 * answer schemas is checked in every integration test by tests/setup/test-api.ts.)
 */
import { validate, compileErrors } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiFilePath, openApiPath } from '../../api/src/http/openapi'
import { startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let document: any
beforeAll(async () => {
  api = await startTestApi()
  const answer = await api.client().get('/api/openapi.json')
  expect(answer.status).toBe(200)
  document = answer.body
})
afterAll(async () => api?.close())

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })

  it('documents every registered route, and every documented operation is registered', () => {
    // Issue 31: the downloads outside /api are documented where they are served; pages are not.
    const files = api.surfaces.filter((spec) => spec.kind !== 'html')
    const registered = new Set([
      ...api.routes.map((spec) => `${spec.method} ${openApiPath(spec)}`),
      ...files.map((spec) => `${spec.method} ${openApiFilePath(spec)}`),
    ])
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m} ${path}`),
      ),
    )
    expect(registered.size).toBeGreaterThan(40)
    expect([...documented].sort()).toEqual([...registered].sort())
  })

  it('marks the auth of each call by its access, and documents its errors in the one error shape', () => {
    for (const spec of api.routes) {
      const operation = document.paths[openApiPath(spec)][spec.method]
      expect(operation.summary, spec.path).toBeTruthy()
      const expected = spec.access === 'public' ? [] : spec.access === 'user' ? [{ cookieSession: [] }, { apiKey: [] }] : [{ cookieSession: [] }]
      expect(operation.security, spec.path).toEqual(expected)
      if (spec.access !== 'public')
        expect(operation.responses['401'].content['application/json'].schema, spec.path).toEqual({ $ref: '#/components/schemas/Error' })
      if (spec.body && !spec.multipart) expect(operation.requestBody.content['application/json'].schema, spec.path).toBeTypeOf('object')
      if (spec.response && !spec.raw) expect(operation.responses[String(spec.status ?? 200)].content['application/json'].schema, spec.path).toBeTypeOf('object')
      if (spec.idempotent)
        expect(
          operation.parameters.map((p: { name: string }) => p.name),
          spec.path,
        ).toContain('Idempotency-Key')
    }
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: expect.arrayContaining(['message', 'code']) })
    expect(document.components.securitySchemes).toMatchObject({ cookieSession: { type: 'apiKey', in: 'cookie' }, apiKey: { type: 'http', scheme: 'bearer' } })
  })

  it('documents each download as a binary answer in its content types, and no page', () => {
    const files = api.surfaces.filter((spec) => spec.kind === 'file')
    expect(files.map((spec) => spec.path)).toEqual(expect.arrayContaining(['/download/invoice/:invoiceNumber', '/promotions/downloadpdfs/:id']))
    for (const spec of files) {
      const operation = document.paths[openApiFilePath(spec)][spec.method]
      expect(Object.keys(operation.responses['200'].content), spec.path).toEqual(spec.contentTypes)
      for (const type of spec.contentTypes) expect(operation.responses['200'].content[type].schema, spec.path).toEqual({ type: 'string', format: 'binary' })
      expect(operation.responses['404'].content['application/json'].schema, spec.path).toEqual({ $ref: '#/components/schemas/Error' })
      if (spec.access !== 'public') expect(operation.responses['401'], spec.path).toBeDefined()
    }
    const invoice = document.paths['/download/invoice/{invoiceNumber}'].get
    expect(invoice.security).toEqual([{ cookieSession: [] }, { apiKey: [] }])
    expect(invoice.parameters).toContainEqual(expect.objectContaining({ name: 'invoiceNumber', in: 'path', required: true }))
    const report = document.paths['/error/js'].post
    expect(Object.keys(report.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'application/json'])
    expect(Object.keys(report.responses)).toContain('204')
    const pages = api.surfaces.filter((spec) => spec.kind === 'html')
    expect(pages.map((spec) => spec.path)).toEqual(expect.arrayContaining(['/draws/:publicId', '/winners/:publicId', '/t/:code', '/unsubscribe/']))
    for (const spec of pages) expect(document.paths[openApiFilePath(spec)]?.[spec.method], spec.path).toBeUndefined()
  })

  it('describes amounts as dollars and the query parameters with their types', () => {
    const create = document.paths['/api/promotion/create'].post
    expect(create.requestBody.content['application/json'].schema.properties.totalPrizeValue).toMatchObject({
      type: 'number',
      description: expect.stringMatching(/dollars/),
    })
    const list = document.paths['/api/promotion/list'].get
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'count', in: 'query', schema: expect.objectContaining({ maximum: 100 }) }))
    const get = document.paths['/api/promotion/get'].get
    expect(get.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'query', required: true }))
    expect(get.responses['200'].content['application/json'].schema.properties.versionNumber).toMatchObject({ type: 'integer' })
  })
})

describe('/api/docs/', () => {
  it('serves the reference page with its script from this server (no CDN)', async () => {
    const page = await api.client().get('/api/docs/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const sources = [...page.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1])
    expect(sources).toEqual(['./scalar.js', './init.js'])
    // No inline script: the page's CSP runs this origin's files only.
    expect(page.text).not.toMatch(/<script>/)
    expect((await api.client().get('/api/docs/init.js')).text).toContain('../openapi.json')
    const script = await api.client().get('/api/docs/scalar.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect(script.text).toContain('createApiReference')
    expect((await api.client().get('/api/docs')).headers.get('location')).toBe('/api/docs/')
  })
})
