import crypto from 'node:crypto'
import { expect, test } from '@playwright/test'
import { mailLink, PASSWORD, waivePaymentAsStaff, watchConsole } from './helpers'

/** 10,000 entries: header plus one row each. */
const entries = `entryId,name,email\n${Array.from({ length: 10_000 }, (_, i) => `E${i + 1},Entrant ${i + 1},entrant${i + 1}@example.com`).join('\n')}\n`

test('the owner uploads 10,000 entries with progress, commits, runs, and the public page verifies the draw in the browser', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  const email = `e2e-draw-${crypto.randomBytes(5).toString('hex')}@example.test`
  const registered = await page.request.post('/api/account/register', {
    data: { email, password: PASSWORD, firstName: 'Dana', lastName: 'Draw', accountName: 'Dana Draws', agreedTerms: true },
  })
  expect(registered.status()).toBe(200)
  const link = new URL(await mailLink(email, '/api/account/confirmEmail'))
  expect((await page.request.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBe(303)
  // Signed in through the API (the account screens have their own e2e); the cookie is the page's.
  expect((await page.request.post('/api/account/login', { data: { email, password: PASSWORD } })).status()).toBe(200)
  const created = await page.request.post('/api/promotion/create', {
    data: { name: 'Draw giveaway', ausStates: { vic: true }, totalPrizeValue: 100_000, winnersDrawnElectronically: false, randomDraw: true },
  })
  expect(created.status()).toBe(200)
  const promotionId = (await created.json()).id
  await waivePaymentAsStaff(browser, promotionId, ['draw']) // issue 22: a draw runs once paid; this spec is about the draw

  await page.goto(`/promotions/edit/${promotionId}/`)
  await page.getByRole('link', { name: 'Random draw' }).click()
  await expect(page).toHaveURL(new RegExp(`/promotions/draw/${promotionId}/$`))
  await page.getByLabel('Title').fill('Final draw')
  await page.getByLabel('Winners').fill('3')
  await page.getByLabel('Reserves').fill('1')
  await page.getByLabel('Prize values').fill('$5,000\n1500\n200.50')
  await page.getByRole('button', { name: 'Create draw' }).click()
  const panel = page.getByRole('region', { name: 'Final draw' })
  await expect(panel.getByTestId('draw-status')).toHaveText('created')
  await expect(panel.getByTestId('prize-values')).toHaveText('Prize values: 1: $5,000 · 2: $1,500 · 3: $200.50')

  // A slow uplink (Chromium's network emulation) makes the upload take a few seconds, so the progress bar is seen moving.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 })
  await panel.getByLabel(/Upload the entries/).setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(entries) })
  const bar = panel.getByRole('progressbar', { name: 'Upload progress' })
  await expect(bar).toBeVisible()
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0)
  await expect(panel.getByTestId('entry-count')).toHaveText('10,000', { timeout: 60_000 })
  await expect(bar).toHaveCount(0)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

  await panel.getByRole('button', { name: 'Commit the entries' }).click()
  await expect(panel.getByTestId('draw-status')).toHaveText('committed')
  await panel.getByRole('button', { name: 'Run the draw' }).click()
  await expect(panel.getByTestId('draw-status')).toHaveText('run')
  await expect(panel.getByRole('table', { name: 'Winners' }).locator('tbody tr')).toHaveCount(3)
  const seed = await panel.getByTestId('seed').textContent()

  await panel.getByRole('link', { name: 'Public record' }).click()
  await expect(page.getByRole('heading', { name: 'Final draw' })).toBeVisible()
  await expect(page.locator('#seed')).toHaveText(seed!)
  // Masked: e-mails as e***@e***.com, names as initials.
  await expect(page.locator('#winners tbody tr').first()).toContainText('e***@e***.com')
  await expect(page.locator('#winners')).not.toContainText('@example.com')

  await expect(page.locator('#verify-file[data-ready="true"]')).toHaveCount(1, { timeout: 30_000 })
  await page.getByLabel('Entries file (CSV)').setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(entries) })
  await expect(page.locator('#verify-result')).toHaveText(/^Verified: this file, this seed and the algorithm give exactly the published result\./, { timeout: 30_000 })
  await expect(page.locator('#verify-steps .bad')).toHaveCount(0)

  // A file with one entry changed does not verify.
  await page.getByLabel('Entries file (CSV)').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(entries.replace('E5,', 'E5x,')) })
  await expect(page.locator('#verify-result')).toHaveText(/^Not verified/, { timeout: 30_000 })
  expect(errors).toEqual([])
})
