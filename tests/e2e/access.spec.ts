/**
 * Issue 24 in the browser: the change-password screen says, before the user confirms, that the
 * change ends the other credentials; after it, the account screen lists the API key as revoked
 * with the reason. Both screens through axe and saved on a desktop and a phone for review.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { API_KEY_REVOKED_LABELS, MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS, MSG_PASSWORD_CHANGED } from '@permitdesk/shared'
import { PASSWORD, signUpCustomer, SCREENS_DIR } from './helpers'

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

async function look(page: Page, name: string) {
  fs.mkdirSync(SCREENS_DIR, { recursive: true })
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    await page.waitForLoadState('networkidle')
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name} ${size}: ${v.id} ${v.help}`)).toEqual([])
    await page.screenshot({ path: path.join(SCREENS_DIR, `access-${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(SIZES.desktop)
}

test('a password change is announced before it is confirmed, and ends the API keys it said it would', async ({ page, request }) => {
  // Two axe scans at two sizes and argon2id hashing: over a minute on a loaded machine.
  test.setTimeout(240_000)
  const email = await signUpCustomer(page.request, `access-${crypto.randomBytes(3).toString('hex')}`)
  await page.goto('/account/login/')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/account\/login\//)

  await page.goto('/account/apikeys/')
  await page.getByLabel('Key name').fill('Nightly import')
  await page.getByRole('button', { name: 'Create key' }).click()
  const key = (await page.getByTestId('new-api-key').textContent())!.trim()
  expect((await request.get('/api/promotion/list', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200)

  await page.goto('/account/changepassword/')
  const form = page.getByRole('form', { name: 'Change password' })
  // Said before the user confirms, and tied to the form for screen readers.
  await expect(page.getByText(MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS)).toBeVisible()
  await expect(form).toHaveAccessibleDescription(MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS)
  await look(page, 'change-password')
  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password').fill('a new and longer office password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText(MSG_PASSWORD_CHANGED)).toBeVisible()

  // The key stopped, and the account screen says why.
  expect((await request.get('/api/promotion/list', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401)
  await page.goto('/account/apikeys/')
  const row = page.getByRole('table', { name: 'Your API keys' }).getByRole('row', { name: /Nightly import/ })
  await expect(row).toContainText(API_KEY_REVOKED_LABELS.password_changed)
  await expect(page.getByRole('button', { name: 'Revoke Nightly import' })).toHaveCount(0)
  await row.scrollIntoViewIfNeeded()
  await look(page, 'account-revoked-key')
})
