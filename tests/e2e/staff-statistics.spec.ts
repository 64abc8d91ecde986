/**
 * Issue 26: a staff member marks a trial promotion as a test, sees the statistics without it,
 * filters them to last month, reads revenue apart from government fees, and exports a table as a
 * formula-safe CSV; desktop and phone, through axe, screenshots kept in tests/e2e/screens/.
 */
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readyPromotion, signUpCustomer, watchConsole, SCREENS_DIR } from './helpers'

const STAFF = { email: 'staff@permitdesk.test', password: 'staff-password-123' }

async function axeSerious(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)
}

test('statistics: test promotions left out, revenue apart from government fees, filters and a CSV export', async ({ page, browser }) => {
  fs.mkdirSync(SCREENS_DIR, { recursive: true })
  await signUpCustomer(page.request, 'statse2e')
  const id = await readyPromotion(page.request, 'Trial run for statistics')

  const staffContext = await browser.newContext({ acceptDownloads: true })
  const staff = await staffContext.newPage()
  const errors = watchConsole(staff)
  await staff.goto('/account/login/')
  await staff.getByLabel('Email address').fill(STAFF.email)
  await staff.getByLabel('Password').fill(STAFF.password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff.getByRole('navigation', { name: 'Staff console' })).toBeVisible()

  // The statistics count the trial promotion until staff mark it as a test.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Statistics' }).click()
  await expect(staff.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible()
  const status = staff.getByRole('status').filter({ hasText: 'promotions' })
  await expect(status).toHaveText(/^\d+ promotions\.$/)
  const before = Number((await status.textContent())!.match(/\d+/)![0])

  await staff.goto(`/admin/detail/${id}/`)
  await staff.getByRole('button', { name: 'Mark as a test promotion' }).click()
  await expect(staff.getByRole('heading', { level: 1 }).getByText('Test promotion')).toBeVisible()
  await expect(staff.getByRole('button', { name: 'Clear the test mark' })).toBeVisible()

  await staff.goto('/admin/statistics/')
  await expect(status).toHaveText(`${before - 1} promotions.`)
  await staff.getByRole('checkbox', { name: 'Include test promotions' }).check()
  await expect(status).toHaveText(`${before} promotions, test promotions included.`)

  // Services in words; government fees in their own table, not in revenue.
  const revenue = staff.getByRole('table', { name: 'Revenue by service' })
  await expect(revenue.getByRole('rowheader', { name: 'Permit management' })).toBeVisible()
  await expect(revenue).not.toContainText(/TermsAndConditions|AbridgedTC|PermitFees/)
  await expect(staff.getByRole('table', { name: 'Government fees passed through' }).getByRole('rowheader', { name: /NSW permit fee/ })).toBeVisible()

  // A state filter narrows the figures; a CSV export downloads the table.
  // The State filter (the tables' State columns have sort buttons of their own).
  await staff.getByRole('button', { name: /^All states/ }).click()
  await staff.getByRole('option', { name: 'SA', exact: true }).click()
  await expect(status).toHaveText(/^\d+ promotions, test promotions included\.$/)
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Export “Revenue by service” as CSV' }).click()])
  expect(download.suggestedFilename()).toBe('revenue-by-service.csv')
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('Service,Revenue (ex GST),Share')
  expect(csv).toContain('Permit management,')

  for (const [size, viewport] of Object.entries({ desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } })) {
    await staff.setViewportSize(viewport)
    await staff.waitForLoadState('networkidle')
    expect(await axeSerious(staff), `axe on statistics at ${size}`).toEqual([])
    await staff.screenshot({ path: path.join(SCREENS_DIR, `staff-statistics-${size}.png`), fullPage: true })
  }
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([])
  await staffContext.close()
})
