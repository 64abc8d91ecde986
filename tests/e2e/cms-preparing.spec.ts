/**
 * Issue 29: the page `/cms/` shows while the CMS admin's first build runs behind the server.
 * It is served by the real gateway and CmsAdmin (here in the test process, on a port of its own,
 * so the admin can be held in any state): axe on a desktop and a phone, screenshots to
 * tests/e2e/screens/, and the page following the build until the admin takes over by itself.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import AxeBuilder from '@axe-core/playwright'
import express from 'express'
import { expect, test } from '@playwright/test'
import { MSG_CMS_BUILD_FAILED, MSG_CMS_PREPARING } from '@permitdesk/shared'
import { loadConfig } from '../../api/src/env'
import { CmsAdmin } from '../../api/src/server/cms-admin'
import { createGateway } from '../../api/src/server/gateway'
import { SCREENS_DIR } from './helpers'

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

async function gateway(admin: CmsAdmin) {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html lang="en"><title>Home</title><h1>Home</h1></html>')
  const server = createGateway({ api: express(), cms: admin.handle, config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off' }), siteDir }).listen(
    0,
    '127.0.0.1',
  )
  await new Promise((resolve) => server.once('listening', resolve))
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) }
}

test.beforeAll(() => fs.mkdirSync(SCREENS_DIR, { recursive: true }))

test('the preparing page passes axe on a desktop and a phone, follows the build and opens the admin when it is ready', async ({ page }) => {
  const admin = new CmsAdmin({ expectedSeconds: 120 })
  admin.setStep('compiling')
  const server = await gateway(admin)
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport)
      const response = await page.goto(`${server.base}/cms/`)
      expect(response?.status()).toBe(503)
      await expect(page.getByRole('heading', { level: 1, name: MSG_CMS_PREPARING })).toBeVisible()
      await expect(page.getByRole('status')).toHaveText('Step 2 of 6: Compiling the admin.')
      await expect(page.getByRole('progressbar', { name: 'Build progress' })).toBeVisible()
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
      await page.screenshot({ path: path.join(SCREENS_DIR, `cms-preparing-${size}.png`), fullPage: true })
    }
    // The page follows the build by itself: the next step shows without a reload, then the admin.
    admin.setStep('pages')
    await expect(page.getByRole('status')).toHaveText('Step 4 of 6: Generating the admin pages.')
    admin.ready(async (_req, res) => void res.type('html').send('<!doctype html><html lang="en"><title>Admin</title><h1>Sign in to the admin</h1></html>'))
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the admin' })).toBeVisible()
  } finally {
    await server.close()
  }
})

test('the page after a failed build passes axe and says what works', async ({ page }) => {
  const admin = new CmsAdmin()
  admin.fail()
  const server = await gateway(admin)
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport)
      await page.goto(`${server.base}/cms/`)
      await expect(page.getByRole('heading', { level: 1, name: MSG_CMS_BUILD_FAILED })).toBeVisible()
      await expect(page.getByRole('link', { name: 'The public site' })).toHaveAttribute('href', '/')
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
      await page.screenshot({ path: path.join(SCREENS_DIR, `cms-build-failed-${size}.png`), fullPage: true })
    }
  } finally {
    await server.close()
  }
})
