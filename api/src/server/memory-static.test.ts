import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStatic } from './memory-static'

/** Raw HTTP (fetch would decode the body and hide the encoding). */
function get(
  base: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('static files from memory, compressed once', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'))
  const html = `<!doctype html><title>home</title>${'<p>PermitDesk trade promotions</p>'.repeat(200)}`
  let server: http.Server
  let base = ''
  beforeAll(async () => {
    fs.writeFileSync(path.join(root, 'index.html'), html)
    fs.mkdirSync(path.join(root, 'about'))
    fs.writeFileSync(path.join(root, 'about', 'index.html'), '<p>about</p>')
    fs.writeFileSync(path.join(root, 'logo.png'), Buffer.alloc(2000, 7))
    const app = express()
    app.use(memoryStatic(root, { index: true }))
    app.use((_req, res) => void res.status(404).send('fallthrough'))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('answers brotli, gzip or plain as the client accepts, with an ETag and Vary', async () => {
    const br = await get(base, '/', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html)
    expect(br.headers.etag).toMatch(/^"/)
    expect(br.headers.vary).toMatch(/Accept-Encoding/)
    const gz = await get(base, '/', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html)
    const plain = await get(base, '/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(html)
    expect(br.body.length).toBeLessThan(html.length / 5)
  })

  it('answers 304 to a matching ETag, and a new ETag once the file changes', async () => {
    const first = await get(base, '/')
    expect((await get(base, '/', { 'if-none-match': first.headers.etag! })).status).toBe(304)
    fs.writeFileSync(path.join(root, 'index.html'), `${html}<p>rebuilt</p>`)
    fs.utimesSync(path.join(root, 'index.html'), new Date(), new Date(Date.now() + 5000))
    const changed = await get(base, '/', { 'if-none-match': first.headers.etag! })
    expect(changed.status).toBe(200)
    expect(changed.body.toString()).toContain('rebuilt')
  })

  it('does not compress images, redirects a directory to its slash, refuses to leave the root', async () => {
    expect((await get(base, '/logo.png', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined()
    const dir = await get(base, '/about?x=1')
    expect(dir.status).toBe(301)
    expect(dir.headers.location).toBe('/about/?x=1')
    expect((await get(base, '//evil.example')).headers.location ?? '').not.toMatch(/^\/\//)
    expect((await get(base, '/..%2f..%2fetc%2fpasswd')).body.toString()).toBe('fallthrough')
  })
})
