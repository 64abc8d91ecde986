import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../env'
import { createGateway } from './gateway'

/** The gateway over a tiny built site, a stand-in API and a stand-in CMS that reads every body it gets. */
async function start(env: Record<string, string>) {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
  const inline = 'window.__siteAnalytics={}'
  fs.writeFileSync(
    path.join(siteDir, 'index.html'),
    `<!doctype html><html><head><script>${inline}</script><script type="module" src="/_astro/a.js"></script></head><body>home</body></html>`,
  )
  fs.writeFileSync(path.join(siteDir, '404.html'), '<!doctype html><p>not found</p>')
  const api = express()
  api.get('/api/health', (_req, res) => void res.json({ status: 'ok' }))
  api.get('/draws/:id', (_req, res) => void res.type('html').send('<p>draw</p>'))
  const cmsBodies: number[] = []
  const cms = async (req: express.Request, res: express.Response) => {
    let size = 0
    for await (const chunk of req) size += (chunk as Buffer).length
    cmsBodies.push(size)
    res.json({ size })
  }
  const config = loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', ...env })
  const server = createGateway({ api, cms, config, siteDir }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, inline, cmsBodies, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('security headers per surface', () => {
  let plain: Awaited<ReturnType<typeof start>>
  let https: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    plain = await start({})
    https = await start({ PUBLIC_URL: 'https://permitdesk.example' })
  })
  afterAll(async () => {
    await plain.close()
    await https.close()
  })

  it('gives the site a CSP with the hash of each inline script and no unsafe-inline script', async () => {
    const response = await fetch(`${plain.base}/`)
    const csp = response.headers.get('content-security-policy')!
    const hash = crypto.createHash('sha256').update(plain.inline).digest('base64')
    expect(csp).toContain(`'sha256-${hash}'`)
    expect(csp).toMatch(/script-src 'self'/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).toMatch(/object-src 'none'/)
    expect(csp).toMatch(/frame-ancestors 'self'/)
    const missing = await fetch(`${plain.base}/nothing-here/`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
  })

  it('gives API answers a CSP that runs nothing, and the CMS its own', async () => {
    expect((await fetch(`${plain.base}/api/health`)).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const page = (await fetch(`${plain.base}/draws/abc`)).headers.get('content-security-policy')!
    expect(page).toMatch(/script-src 'self'(;|$)/)
    expect(page).toMatch(/style-src 'self' 'unsafe-inline'/)
    const cms = await fetch(`${plain.base}/cms/`)
    expect(cms.headers.get('content-security-policy')).toMatch(/connect-src 'self'/)
  })

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await fetch(`${plain.base}/`)).headers.get('strict-transport-security')).toBeNull()
    expect((await fetch(`${https.base}/`)).headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
  })

  it('refuses a /cms-api/ body over the limit before Payload reads it', async () => {
    const before = plain.cmsBodies.length
    const big = await fetch(`${plain.base}/cms-api/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(3 * 1024 * 1024),
    })
    expect(big.status).toBe(413)
    expect(plain.cmsBodies.length).toBe(before)
    const small = await fetch(`${plain.base}/cms-api/pages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(small.status).toBe(200)
  })
})

describe('the app page CSP allows its own inline start-up script by hash, nothing else inline', () => {
  it('hashes each inline script (not the external ones) and lists them in script-src', async () => {
    const { appCsp, inlineScriptHashes } = await import('./security-headers')
    const boot = '(function(){window.__permitdeskPrefetch={}})()'
    const html = `<html><head><script type="module" crossorigin src="/app/assets/index.js"></script></head><body><div id="root"></div><script>${boot}</script></body></html>`
    const hashes = inlineScriptHashes(html)
    expect(hashes).toEqual([crypto.createHash('sha256').update(boot).digest('base64')])
    const scriptSrc = appCsp({ BOT_CHECK: 'off' }, hashes)
      .split('; ')
      .find((d) => d.startsWith('script-src'))
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hashes[0]}' https://js.stripe.com`)
    expect(appCsp({ BOT_CHECK: 'off' })).not.toContain('sha256-')
    expect(scriptSrc).not.toContain('unsafe-inline')
  })
})
