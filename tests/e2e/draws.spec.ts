import crypto from 'node:crypto'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { MSG_DRAW_CONFIRM_COMMIT, MSG_DRAW_CONFIRM_RUN } from '@permitdesk/shared'
import { mailLink, PASSWORD, waivePaymentAsStaff, watchConsole, SCREENS_DIR } from './helpers'

// An en-US browser (issue 25): its own date input read mm/dd/yyyy; the app's fields read en-AU whatever the browser's locale.
test.use({ locale: 'en-US', timezoneId: 'America/New_York' })

/** axe (WCAG 2.1 A/AA): no serious or critical violation; and a full-page screenshot for review. */
async function look(page: Page, name: string) {
  // Not 'networkidle': after the throttled upload (a CDP session of its own) Playwright's idle
  // tracking can wait for ever on a loaded machine (seen twice in CI). Every call follows an
  // assertion on what the screen shows, so the page and its fonts are enough.
  await page.waitForLoadState('load')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
  ).toEqual([])
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true })
}

/** Nothing wider than the window (hashes wrap on a phone). */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

/** 10,000 entries: header plus one row each. */
const entries = `entryId,name,email\n${Array.from({ length: 10_000 }, (_, i) => `E${i + 1},Entrant ${i + 1},entrant${i + 1}@example.com`).join('\n')}\n`

test('the owner uploads 10,000 entries with progress, commits, runs, and the public page verifies the draw in the browser', async ({ page, browser }) => {
  // Long: 10,000 entries uploaded and verified in the browser, and now the result mail through the job runner.
  test.setTimeout(240_000)
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
  // Issue 25: the draw's date and time in the app's en-AU fields (dd/mm/yyyy and h:mm am/pm on any
  // browser), typed as a person types, and the moment read back with its Sydney zone. A past date,
  // so the owner may run the draw below.
  const drawDate = page.getByRole('group', { name: 'Draw date (Sydney)', exact: true })
  const drawTime = page.getByRole('group', { name: 'Draw time (Sydney)', exact: true })
  await expect(drawDate.getByRole('spinbutton').first()).toHaveText('dd')
  await expect(drawDate.getByRole('spinbutton')).toHaveText(['dd', 'mm', 'yyyy'])
  await drawDate.getByRole('spinbutton').first().click()
  await page.keyboard.type('12012026')
  await drawTime.getByRole('spinbutton').first().click()
  await page.keyboard.type('315p')
  await expect(page.getByTestId('draw-run-from')).toHaveText('Without a final draw time in the application, this draw can run from 12 Jan 2026, 3:15 pm AEDT.')
  await look(page, 'draw-new-form-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await noSidewaysScroll(page)
  await look(page, 'draw-new-form-phone')
  await page.setViewportSize({ width: 1280, height: 800 })
  // The API gets the same strings as from the browser's own fields: a Sydney date and a 24-hour time.
  const createRequest = page.waitForRequest((request) => new URL(request.url()).pathname.toLowerCase() === '/api/draw/create')
  await page.getByRole('button', { name: 'Create draw' }).click()
  expect((await createRequest).postDataJSON()).toMatchObject({ runDate: '2026-01-12', runTime: '15:15' })
  const panel = page.getByRole('region', { name: 'Final draw' })
  await expect(panel.getByTestId('draw-status')).toHaveAttribute('data-status', 'created')
  await expect(panel.getByRole('definition').first()).toHaveText('12 Jan 2026, 3:15 pm AEDT')
  await expect(drawDate.getByRole('spinbutton').first()).toHaveText('dd')
  await expect(page.getByTestId('draw-run-from')).toHaveCount(0)
  // The create form is fresh again for the next draw.
  await expect(page.getByLabel('Title')).toHaveValue('')
  await expect(page.getByLabel('Prize values').last()).toHaveValue('')
  await expect(panel.getByTestId('prize-values')).toHaveText('Prize values: 1: $5,000 · 2: $1,500 · 3: $200.50')

  // Issue 23: the winners page is linked from the draw screen and from the dashboard's winners
  // step; before the draw it is a page saying when the winners go up.
  await expect(panel.getByRole('link', { name: 'Winners page' })).toHaveAttribute('href', /\/winners\/[\w-]+\/$/)
  await page.goto(`/promotions/edit/${promotionId}/`)
  const winnersStep = page.getByTestId('task-action-winners')
  await expect(winnersStep).toHaveText('Open the winners page')
  await expect(winnersStep).toHaveAttribute('href', /^\/winners\/[\w-]+\/$/)
  await look(page, 'draw-dashboard-winners-desktop')
  await winnersStep.click()
  await expect(page.locator('#winners-pending')).toContainText('The winners will be published here after the draw')
  await page.goBack()
  await page.getByRole('link', { name: 'Random draw' }).click()
  await expect(panel.getByTestId('draw-status')).toHaveAttribute('data-status', 'created')

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
  await cdp.detach()

  // Each step that cannot be undone is confirmed first, saying so; "Not now" changes nothing.
  await panel.getByRole('button', { name: 'Commit the entries' }).click()
  const commitDialog = page.getByRole('dialog', { name: /Commit/ })
  await expect(commitDialog).toContainText(MSG_DRAW_CONFIRM_COMMIT)
  await look(page, 'draw-commit-dialog-desktop')
  await commitDialog.getByRole('button', { name: 'Not now' }).click()
  await expect(panel.getByTestId('draw-status')).toHaveAttribute('data-status', 'uploaded')
  await panel.getByRole('button', { name: 'Commit the entries' }).click()
  await page
    .getByRole('dialog', { name: /Commit/ })
    .getByRole('button', { name: 'Commit', exact: true })
    .click()
  await expect(panel.getByTestId('draw-status')).toHaveAttribute('data-status', 'committed')
  await panel.getByRole('button', { name: 'Run the draw' }).click()
  const runDialog = page.getByRole('dialog', { name: /Run/ })
  await expect(runDialog).toContainText(MSG_DRAW_CONFIRM_RUN)
  await runDialog.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(panel.getByTestId('draw-status')).toHaveAttribute('data-status', 'run')
  // Winners as entry ID and masked name, not raw rows.
  const winnersTable = panel.getByRole('table', { name: 'Winners' })
  await expect(winnersTable.locator('tbody tr')).toHaveCount(3)
  await expect(winnersTable.locator('tbody tr').first()).toContainText(/^1E\d+E\. \d\.$/)
  await expect(winnersTable).not.toContainText('@')
  // Run without a winner publication: no winners page (decision 015), so no link to one.
  await expect(panel.getByRole('link', { name: 'Winners page' })).toHaveCount(0)
  const seed = await panel.getByTestId('seed').textContent()
  await look(page, 'draw-screen-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await noSidewaysScroll(page)
  await look(page, 'draw-screen-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  await panel.getByRole('link', { name: 'Public record' }).click()
  await expect(page.getByRole('heading', { name: 'Final draw' })).toBeVisible()
  // The owner's "Draw result" mail (the draw.run subscriber, issue 31) links this public record.
  const record = new URL(page.url()).pathname
  expect(new URL(await mailLink(email, record)).pathname).toBe(record)
  await expect(page.locator('#seed')).toHaveText(seed!)
  // Personal data masked only: entry IDs kept, names as initials, e-mail local parts masked.
  await expect(page.locator('#winners tbody tr').first()).toContainText(/E\d+, E\. \d+\., e\*\*\*@example\.com/)
  await expect(page.locator('#winners')).not.toContainText(/entrant\d+@/)
  await look(page, 'draw-record-desktop')

  // "Did I enter?": the server answers a Merkle path; the browser checks it against the published root.
  await page.getByLabel(/Your entry, exactly as entered/).fill('entrant777@example.com')
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.locator('#lookup-result')).toHaveText(
    /^Yes: your entry is in the committed list \(entry 777: E777, E\. 7\., e\*\*\*@example\.com\), and its proof leads to the published entries root/,
  )
  await page.getByLabel(/Your entry, exactly as entered/).fill('nobody@example.com')
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.locator('#lookup-result')).toHaveText('No entry with exactly that value is in the committed list.')

  await expect(page.locator('#verify-file[data-ready="true"]')).toHaveCount(1, { timeout: 30_000 })
  await page.getByLabel('Entries file (CSV)').setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(entries) })
  await expect(page.locator('#verify-result')).toHaveText(/^Verified: this file, this seed and the algorithm give exactly the published result\./, {
    timeout: 30_000,
  })
  await expect(page.locator('#verify-steps .bad')).toHaveCount(0)
  await expect(page.locator('#verify-steps')).toContainText(/Entries root \(Merkle\): [0-9a-f]{64}/)
  await page.setViewportSize({ width: 390, height: 844 })
  await noSidewaysScroll(page)
  await look(page, 'draw-record-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  // A file with one entry changed does not verify.
  await page.getByLabel('Entries file (CSV)').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(entries.replace('E5,', 'E5x,')) })
  await expect(page.locator('#verify-result')).toHaveText(/^Not verified/, { timeout: 30_000 })
  expect(errors).toEqual([])
})
