/**
 * Issue 25: every route of the shared list loads on a full page load through the one port (the
 * server answers the app's page, not the site's 404), and a path off the list is a real 404.
 * /account/invoices/ and /account/apikeys/ were the ones that used to fail.
 */
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { APP_ROUTES, appPath, type AppRouteName } from '@permitdesk/shared/app-routes'
import { MSG_ACCOUNT_NO_INVOICES, MSG_API_KEY_REVOKE_BODY, MSG_COPIED, msgApiKeyRevokeTitle } from '@permitdesk/shared'
import { repoRoot, signUpCustomer } from './helpers'

test('every listed route is served on a full page load; others are a 404', async ({ request }) => {
  for (const name of Object.keys(APP_ROUTES) as AppRouteName[]) {
    const url = appPath(name, { id: 42, token: 'abc123', code: 'abc123', section: 'details' })
    const response = await request.get(url, { maxRedirects: 0 })
    expect(response.status(), url).toBe(200)
    expect(await response.text(), url).toContain('id="root"')
  }
  for (const url of ['/account/nothing/', '/promotions/edit/abc/']) expect((await request.get(url)).status(), url).toBe(404)
})

test('the account menu pages open on a full page load: invoices and API keys', async ({ page }) => {
  await signUpCustomer(page.request, 'routes')
  await page.goto('/account/invoices/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A new account has paid for nothing: the empty list says what will appear there.
  await expect(page.getByText(MSG_ACCOUNT_NO_INVOICES)).toBeVisible()
  await page.goto('/account/apikeys/')
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible()
  await expect(page.getByText('You have no API keys.')).toBeVisible()
  await page.getByLabel('Key name').fill('Agency script')
  await page.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByTestId('new-api-key')).toHaveText(/^pdk_/)
  for (const [size, viewport] of Object.entries({ desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(viewport)
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(
      result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      size,
    ).toEqual([])
    await page.screenshot({ path: path.join(repoRoot, 'tests', 'e2e', 'screens', `api-keys-${size}.png`), fullPage: true })
  }
  // The new key copies whole with one button, and says so.
  await page.getByRole('button', { name: 'Copy the key Agency script' }).click()
  await expect(page.getByRole('status').filter({ hasText: MSG_COPIED })).toBeVisible()
  // On a phone the keys are cards: the revoke button is in view, not past the table's edge.
  await page.setViewportSize({ width: 390, height: 844 })
  const keysRegion = page.getByRole('region', { name: 'Your API keys, scrollable' })
  expect(await keysRegion.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // The new key wraps inside its notice.
  expect(await page.getByTestId('new-api-key').evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true)
  await page.setViewportSize({ width: 1280, height: 800 })
  // Revoking asks first: keeping the key leaves it active.
  await page.getByRole('button', { name: 'Revoke Agency script' }).click()
  const confirm = page.getByRole('dialog', { name: msgApiKeyRevokeTitle('Agency script') })
  await expect(confirm).toContainText(MSG_API_KEY_REVOKE_BODY)
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await page.screenshot({ path: path.join(repoRoot, 'tests', 'e2e', 'screens', 'api-keys-revoke-dialog-desktop.png') })
  await confirm.getByRole('button', { name: 'Keep the key' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(page.getByTestId('key-revoked')).toHaveCount(0)
  await page.getByRole('button', { name: 'Revoke Agency script' }).click()
  await confirm.getByRole('button', { name: 'Revoke the key' }).click()
  // Revoked keys stay listed with why (issue 24), and can no longer be revoked.
  await expect(page.getByTestId('key-revoked')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Revoke Agency script' })).toHaveCount(0)
})
