import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import express from 'express'
import fc from 'fast-check'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../logger'
import { errorHandler } from './error-handler'
import { contentDisposition, idParams, mountSurfaces, surface } from './surface'

const noop = () => undefined
const logger: Logger = { debug: noop, info: noop, warn: noop, error: noop }

let base = ''
let close: () => Promise<unknown>
let bodyOpened = 0
beforeAll(async () => {
  const app = express()
  // Stands in for authenticate(): `?as=customer|marketing|admin` signs in.
  app.use((req, res, next) => {
    const as = req.query.as
    if (as) res.locals.user = { id: 7, isStaff: as !== 'customer', staffRole: as === 'customer' ? null : as }
    next()
  })
  app.use(
    mountSurfaces(
      [
        surface({
          kind: 'file',
          method: 'get',
          path: '/files/:id',
          summary: 'A file with an ETag.',
          access: 'user',
          params: idParams('id'),
          contentTypes: ['application/pdf'],
          cache: 'private, max-age=60',
          handler: ({ params, owner }) => ({
            etag: `"v${params.id}"`,
            filename: `Prize list ${params.id} – café.pdf`,
            body: async () => {
              bodyOpened++
              return Readable.from([Buffer.from(`%PDF ${owner.userId}`)])
            },
          }),
        }),
        surface({
          kind: 'file',
          method: 'get',
          path: '/staff-only',
          summary: 'For staff administrators.',
          access: 'staff',
          deniedMessage: 'Only a staff administrator can download this.',
          contentTypes: ['text/plain'],
          cache: 'no-store',
          handler: () => ({ body: 'secret' }),
        }),
        surface({
          kind: 'html',
          method: 'get',
          path: '/pages/:code',
          summary: 'A page.',
          access: 'public',
          params: z.object({ code: z.string().regex(/^[a-z]+$/) }),
          badParams: 400,
          trailingSlash: true,
          contentTypes: ['text/html; charset=utf-8'],
          cache: 'no-cache',
          handler: ({ params }) => ({ body: `<p>${params.code}</p>` }),
        }),
      ],
      { publicOrigin: 'http://localhost' },
    ),
  )
  app.use(errorHandler(logger))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise((resolve) => server.close(resolve))
})
afterAll(async () => close?.())

describe('mountSurfaces', () => {
  it('sends a file with its type, name and caching, then 304 for its ETag without opening the body', async () => {
    const first = await fetch(`${base}/files/3?as=customer`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/pdf')
    expect(first.headers.get('cache-control')).toBe('private, max-age=60')
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="Prize list 3 _ caf_.pdf"; filename*=UTF-8''${encodeURIComponent('Prize list 3 – café.pdf')}`,
    )
    expect(await first.text()).toBe('%PDF 7')
    const opened = bodyOpened
    const again = await fetch(`${base}/files/3?as=customer`, { headers: { 'if-none-match': '"v3"' } })
    expect(again.status).toBe(304)
    expect(bodyOpened).toBe(opened)
  })

  it('answers 401 signed out, 404 for an id that is not a positive whole number', async () => {
    const signedOut = await fetch(`${base}/files/3`)
    expect(signedOut.status).toBe(401)
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) expect((await fetch(`${base}/files/${id}?as=customer`)).status, id).toBe(404)
  })

  it("refuses a staff file to a customer with the declaration's message", async () => {
    const customer = await fetch(`${base}/staff-only?as=customer`)
    expect(customer.status).toBe(403)
    expect((await customer.json()).message).toBe('Only a staff administrator can download this.')
    expect((await fetch(`${base}/staff-only?as=admin`)).status).toBe(200)
  })

  it('redirects a page to its slash address with the query, and a bad parameter is a 400', async () => {
    const redirect = await fetch(`${base}/pages/abc?x=1`, { redirect: 'manual' })
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('location')).toBe('/pages/abc/?x=1')
    const page = await fetch(`${base}/pages/abc/`)
    expect(await page.text()).toBe('<p>abc</p>')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${base}/pages/ABC1/`)).status).toBe(400)
  })
})

describe('contentDisposition', () => {
  // The time limit is generous: a hundred arbitrary Unicode names take seconds on a loaded machine.
  it('is a plain quoted name when the name is plain ASCII, and always a safe header value', () => {
    expect(contentDisposition('tax-invoice-12.pdf', true)).toBe('inline; filename="tax-invoice-12.pdf"')
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (name) => {
        const header = contentDisposition(name)
        // Node refuses to send a header with characters outside Latin-1 or control characters.
        expect(header).toMatch(/^attachment; filename="[^"\\\x00-\x1f\x7f-\uffff]*"(; filename\*=UTF-8''[A-Za-z0-9%!._~-]*)?$/)
      }),
    )
  }, 30_000)
})
