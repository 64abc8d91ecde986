/**
 * Issue 11 in the browser: API keys on the account screen (created, shown once, listed, used by a
 * script, revoked), the reference page at /api/docs/, and no session poll for signed-out visitors.
 */
import crypto from 'node:crypto'
import { expect, test } from '@playwright/test'
import { mailLink, PASSWORD, watchConsole } from './helpers'

test('a signed-out visitor of /wizard/ never calls the session check', async ({ page }) => {
  const calls: string[] = []
  const requests: string[] = []
  page.on('request', (request) => {
    requests.push(request.url())
    if (/\/api\/account\/authenticated/i.test(request.url())) calls.push(request.url())
  })
  const errors = watchConsole(page)
  // The page's timers run on a clock the test moves: the 5-second poll interval passes without waiting.
  await page.clock.install()
  await page.goto('/wizard/')
  await expect(page.getByRole('heading', { name: 'Create a promotion' })).toBeVisible()
  await page.clock.runFor(6_000)
  // A request made after those timers ran: a poll they started would have been seen before it.
  await page.evaluate(() => fetch('/api/health').then(() => undefined))
  await expect.poll(() => requests.some((url) => url.endsWith('/api/health'))).toBe(true)
  expect(calls).toEqual([])
  expect(errors.filter((e) => /401/.test(e))).toEqual([])
})

test('the API reference page renders the OpenAPI document, from this server only', async ({ page }) => {
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost') && !request.url().startsWith('data:')) outside.push(request.url())
  })
  await page.goto('/api/docs/')
  await expect(page.getByText('PermitDesk API').first()).toBeVisible({ timeout: 20_000 })
  const sidebar = page.getByRole('complementary', { name: /PermitDesk API/ })
  await expect(sidebar.getByRole('link', { name: 'promotion', exact: true })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: /Liveness: 200 while the database answers/ })).toBeVisible()
  expect(outside).toEqual([])
})

test('a customer creates an API key on the account screen, a script uses it, and revoking stops it at once', async ({ page, request }) => {
  const email = `keys-${crypto.randomBytes(4).toString('hex')}@example.test`
  const register = await page.request.post('/api/account/register', {
    data: { email, password: PASSWORD, firstName: 'Kim', lastName: 'Keys', accountName: 'Kim Agency', agreedTerms: true },
  })
  expect(register.status()).toBe(200)
  await page.goto(await mailLink(email, '/api/account/confirmEmail'))
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/account\/login\//)

  // Issue 25: the account menu's "API keys" page, on a full page load.
  await page.goto('/account/apikeys/')
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible()
  await expect(page.getByText('You have no API keys.')).toBeVisible()
  await page.getByLabel('Key name').fill('Lodgement script')
  await page.getByRole('button', { name: 'Create key' }).click()
  const shown = page.getByTestId('new-api-key')
  await expect(shown).toHaveText(/^pdk_/)
  const key = (await shown.textContent())!.trim()
  const table = page.getByRole('table', { name: 'Your API keys' })
  await expect(table.getByRole('rowheader', { name: 'Lodgement script' })).toBeVisible()
  await expect(table).not.toContainText(key)

  // A script: no cookie, only the key. Dollars on the wire.
  const headers = { authorization: `Bearer ${key}` }
  const created = await request.post('/api/promotion/create', {
    headers,
    data: { name: 'Scripted draw', ausStates: { nsw: true, act: true }, totalPrizeValue: 20000, hasNswAuthority: false, winnersDrawnElectronically: false },
  })
  expect(created.status()).toBe(200)
  const { id } = await created.json()
  const read = await (await request.get(`/api/promotion/get?id=${id}`, { headers })).json()
  expect(read.permit).toMatchObject({ feeDue_NSW: 468, feeDue_ACT: 721, feeDue_Service: 270 })

  // Shown once: after a reload the key is listed without the key itself, with its last use.
  await page.reload()
  await expect(page.getByTestId('new-api-key')).toHaveCount(0)
  await expect(table.getByRole('row', { name: /Lodgement script/ })).not.toContainText('Never')

  await page.getByRole('button', { name: 'Revoke Lodgement script' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key' }).click()
  // Still listed, with why it stopped (issue 24), and nothing left to revoke.
  await expect(table.getByRole('row', { name: /Lodgement script/ })).toContainText('Revoked by you')
  await expect(page.getByRole('button', { name: 'Revoke Lodgement script' })).toHaveCount(0)
  expect((await request.get('/api/promotion/list', { headers })).status()).toBe(401)
})
