/**
 * Issue 22 on screen: the app in test mode says TEST MODE on every screen; the payment page shows
 * what is owed now, and when the fees change in another window the payment is refused (409,
 * nothing charged), the page shows the new total, and paying again charges that total.
 * Screens through axe and saved at desktop and phone size to tests/e2e/screens/.
 */
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { dollarsToCents, formatCurrency, MSG_PAYMENT_TOTAL_CHANGED, MSG_TEST_MODE } from '@permitdesk/shared'
import { expect, test, type Page } from '@playwright/test'
import { readyPromotion, repoRoot, signUpCustomer, watchConsole } from './helpers'

const SCREENS_DIR = path.join(repoRoot, 'tests', 'e2e', 'screens')
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

async function look(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await page.screenshot({ path: path.join(SCREENS_DIR, `money-${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(SIZES.desktop)
}

test('test mode banner; a fee change in another window: 409, nothing charged, the new total shown and paid', async ({ page }) => {
  test.setTimeout(240_000) // axe over three screens at two sizes on a shared 2-core machine
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'money')
  const id = await readyPromotion(page.request, 'Money giveaway')

  await page.goto(`/permit/edit/${id}/payment/`)
  await expect(page.getByTestId('test-mode-banner')).toHaveText(MSG_TEST_MODE)
  const before = await page.getByTestId('payment-total').textContent()
  await look(page, 'payment')

  await page.getByLabel('Name on card').fill('Pat Payer')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/35')
  await page.getByLabel('Security code').fill('123')

  // Another window raises the prize pool (and so the fees) while this page is open.
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  const modified = await page.request.post('/api/promotion/modify', {
    data: { id, name: current.name, ausStates: { nsw: true, act: true }, includeNz: false, totalPrizeValue: 60_000, hasNswAuthority: false, winnersDrawnElectronically: false, managedSubmission: true, randomDraw: false, termsAndConditions: false, abridgedTC: false, hostedTC: false },
  })
  expect(modified.status(), await modified.text()).toBe(200)

  await page.getByRole('button', { name: /^Pay .* and submit$/ }).click()
  await expect(page.getByTestId('payment-error')).toHaveText(MSG_PAYMENT_TOTAL_CHANGED)
  await expect(page.getByTestId('payment-total')).not.toHaveText(before!)
  const after = await page.getByTestId('payment-total').textContent()
  await look(page, 'total-changed')
  // Nothing was charged: no invoice was paid.
  const invoices = await (await page.request.get(`/api/invoice/getInvoices?promotionId=${id}`)).json()
  expect(invoices.invoices.filter((i: any) => i.status === 'paid')).toEqual([])

  await page.getByRole('button', { name: /^Pay .* and submit$/ }).click()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/\\?success`))
  await expect(page.getByTestId('test-mode-banner')).toBeVisible()
  const paid = (await (await page.request.get(`/api/invoice/getInvoices?promotionId=${id}`)).json()).invoices.find((i: any) => i.status === 'paid')
  expect(paid.testMode).toBe(true)
  expect(formatCurrency(dollarsToCents(paid.amount) + dollarsToCents(paid.gst))).toBe(after)
  await look(page, 'dashboard-paid')
  // The stale payment's 409 is the one expected failed request.
  expect(errors.filter((e) => !e.includes('409 (Conflict)'))).toEqual([])
})
