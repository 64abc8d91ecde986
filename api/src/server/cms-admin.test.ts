import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import express from 'express'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG_CMS_BUILD_FAILED, MSG_CMS_PREPARING, MSG_CMS_PREPARING_RETRY, msgCmsBuildProgress, type CmsBuildStep } from '@permitdesk/shared'
import { loadConfig } from '../env'
import { CmsAdmin } from './cms-admin'
import { createGateway } from './gateway'

/** The gateway with a CMS admin still building, a clock the test moves, and a stand-in for Next. */
async function start() {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>home</title>')
  let now = 0
  const admin = new CmsAdmin({ expectedSeconds: 100, now: () => now })
  const api = express()
  const server = createGateway({ api, cms: admin.handle, config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off' }), siteDir }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, admin, advance: (seconds: number) => (now += seconds * 1000), close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('the CMS admin while its first build runs behind', () => {
  let s: Awaited<ReturnType<typeof start>>
  beforeAll(async () => (s = await start()))
  afterAll(() => s.close())

  it('answers a person at /cms/ with the preparing page (503, Retry-After), its own CSP and the step', async () => {
    s.admin.setStep('compiling')
    s.advance(30)
    const page = await fetch(`${s.base}/cms/`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toMatch(/script-src 'sha256-[^']+'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    const html = await page.text()
    // The one inline script is the one the policy allows.
    const script = html.match(/<script>([\s\S]*?)<\/script>/)![1]!
    expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`)
    expect(html).toContain(`<h1>${MSG_CMS_PREPARING}</h1>`)
    expect(html).toContain(msgCmsBuildProgress(2, 6, 'Compiling the admin'))
    expect(html).toMatch(/<progress[^>]+value="30"/)
    expect(html).toContain('role="status"')
    // It follows the build by script, not by a meta refresh (which a screen reader cannot stop).
    expect(html).not.toMatch(/http-equiv="refresh"/i)
  })

  it('answers programs and assets with 503 JSON {message, modelState} and the progress', async () => {
    for (const [url, init] of [
      ['/cms-api/pages', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/html' }, body: '{}' }],
      ['/cms-api/users/me', {}],
      ['/_next/static/chunks/main.js', { headers: { accept: 'text/html' } }],
      ['/cms/login', { headers: { accept: 'application/json' } }],
    ] as const) {
      const answer = await fetch(`${s.base}${url}`, init)
      expect(answer.status, url).toBe(503)
      expect(answer.headers.get('retry-after'), url).toBe('5')
      const body = await answer.json()
      expect(body, url).toMatchObject({ message: MSG_CMS_PREPARING_RETRY, modelState: {}, state: 'building', progress: { step: 'compiling' } })
    }
  })

  it('leaves the site and the API alone', async () => {
    const home = await fetch(`${s.base}/`)
    expect(home.status).toBe(200)
  })

  it('says when the build failed, without a refresh loop', async () => {
    const failing = await start()
    try {
      failing.admin.fail()
      const page = await fetch(`${failing.base}/cms/`, { headers: { accept: 'text/html' } })
      expect(page.status).toBe(503)
      expect(page.headers.get('retry-after')).toBeNull()
      const html = await page.text()
      expect(html).toContain(`<h1>${MSG_CMS_BUILD_FAILED}</h1>`)
      expect(html).not.toContain('<script')
      expect((await (await fetch(`${failing.base}/cms-api/pages`)).json()).state).toBe('failed')
    } finally {
      await failing.close()
    }
  })

  it('hands every request to Next once it is ready, without a restart', async () => {
    s.admin.ready(async (req, res) => void res.type('text').send(`next:${req.originalUrl}`))
    expect(s.admin.state).toBe('ready')
    const page = await fetch(`${s.base}/cms/login`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe('next:/cms/login')
    expect(await (await fetch(`${s.base}/_next/static/x.js`)).text()).toBe('next:/_next/static/x.js')
  })
})

describe('the progress of the build', () => {
  const steps: CmsBuildStep[] = ['importmap', 'compiling', 'checking', 'pages', 'finishing', 'starting']

  it('never goes backwards as the steps and the time advance, and stays within 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 400 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 600 }),
        (moves, expected) => {
          let now = 0
          const admin = new CmsAdmin({ expectedSeconds: expected, now: () => now })
          let stepIndex = 0
          let last = admin.progress().percent
          for (const [forward, seconds] of moves) {
            stepIndex = Math.min(steps.length - 1, stepIndex + (forward > 3 ? 1 : 0))
            admin.setStep(steps[stepIndex]!)
            now += seconds * 1000
            const { percent } = admin.progress()
            expect(percent).toBeGreaterThanOrEqual(last)
            expect(percent).toBeGreaterThanOrEqual(0)
            expect(percent).toBeLessThanOrEqual(100)
            last = percent
          }
        },
      ),
    )
  })

  it('names the wait for another server without a step number', () => {
    const admin = new CmsAdmin()
    admin.setStep('waiting')
    expect(admin.progress().text).toBe('Waiting for another server that is building it.')
  })
})
