/**
 * Payment end to end (issue 12): from "Ready for submission", pay by card in the sandbox; the
 * dashboard shows the new status and the invoice, and the tax invoice PDF opens. Then the same
 * by BPAY: biller code and CRN, "Pending payment clearance", and the invoice awaiting payment.
 */
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { customerStatusName } from '@permitdesk/shared'
import { readyPromotion, repoRoot, signUpCustomer, watchConsole } from './helpers'

/** Issue 25: the payment page, looked at on a desktop and a phone, through axe; screenshots kept in tests/e2e/screens/. */
async function lookAt(page: Page, name: string) {
  for (const [size, viewport] of Object.entries({ desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(viewport)
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await page.screenshot({ path: path.join(repoRoot, 'tests', 'e2e', 'screens', `${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

const signUp = (request: APIRequestContext) => signUpCustomer(request, 'payment', { firstName: 'Pat', lastName: 'Payer', accountName: 'Pat Payer Pty Ltd' })

test('pay by card, then another by BPAY; the dashboard shows status and invoice; the tax invoice PDF opens', async ({ page }) => {
  const errors = watchConsole(page)
  await signUp(page.request)

  // Card
  const byCard = await readyPromotion(page.request, 'Card giveaway')
  await page.goto(`/promotions/edit/${byCard}/`)
  await expect(page.getByTestId('status')).toContainText(customerStatusName(2))
  await page.getByTestId('pay-link').click()
  await expect(page).toHaveURL(new RegExp(`/permit/edit/${byCard}/payment/$`))
  await expect(page.getByTestId('payment-fees')).toContainText('NSW permit licence fee')
  await expect(page.getByTestId('payment-surcharge')).not.toHaveText('$0')
  // A declined card shows the gateway's message; the next attempt (a reattempt) succeeds.
  await page.getByLabel('Name on card').fill('Pat Payer')
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByLabel('Expiry (MM/YY)').fill('12/35')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: /^Pay .* and submit$/ }).click()
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay .* and submit$/ }).click()
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${byCard}/$`))
  await expect(page.getByTestId('status')).toContainText(customerStatusName(4))
  const invoices = page.getByTestId('invoice-table')
  // Issue 22: the declined charge's invoice is cancelled with its number (newest first: the paid one, then it).
  await expect(invoices.getByTestId('invoice-status')).toHaveText(['Paid by card', 'Cancelled'])
  const href = await invoices.getByRole('link').first().getAttribute('href')
  expect(href).toMatch(/^\/download\/invoice\/\d+$/)
  const pdf = await page.request.get(href!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The title of a submitted application begins an amendment (001 §2).
  await page.getByRole('link', { name: 'Card giveaway' }).click()
  await expect(page).toHaveURL(new RegExp(`/permit/edit/${byCard}/$`))
  await page.goto(`/promotions/edit/${byCard}/`)
  await expect(page.getByTestId('status')).toContainText(customerStatusName(14))

  // BPAY
  const byBpay = await readyPromotion(page.request, 'BPAY giveaway')
  await page.goto(`/permit/edit/${byBpay}/payment/`)
  await page.getByLabel('BPAY').check()
  await expect(page.getByTestId('payment-surcharge')).toHaveCount(0)
  await page.getByRole('button', { name: 'Submit and pay by BPAY' }).click()
  await expect(page.getByTestId('bpay-biller-code')).toHaveText('123456')
  await expect(page.getByTestId('bpay-crn')).toHaveText(/^\d{7,}$/)
  // The customer's words for the status, as on the dashboard (issue 25: one vocabulary), never the staff's.
  await expect(page.getByTestId('status')).toHaveText(customerStatusName(9))
  await page.getByRole('link', { name: 'Back to the promotion' }).click()
  await expect(page.getByTestId('status')).toContainText(customerStatusName(9))
  await expect(page.getByTestId('owed')).toContainText('owed')
  await expect(page.getByTestId('invoice-table').getByTestId('invoice-status')).toHaveText('Awaiting payment')
  await expect(page.getByTestId('pay-link')).toHaveText('Pay by card instead')
  // The declined card's 402 is the one expected failed request.
  expect(errors.filter((e) => !e.includes('402 (Payment Required)'))).toEqual([])
})

test('3-D Secure in the sandbox: a failed challenge leaves it unpaid, a completed one pays and submits; the dashboard shows the lodgement pack ready', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await signUp(page.request)
  const id = await readyPromotion(page.request, 'Secure giveaway')
  await page.goto(`/permit/edit/${id}/payment/`)
  await expect(page.getByTestId('payment-total')).toBeVisible()
  await lookAt(page, 'app-payment')
  await page.getByLabel('Name on card').fill('Pat Payer')
  await page.getByLabel('Card number').fill('4000 0027 6000 3184')
  await page.getByLabel('Expiry (MM/YY)').fill('12/35')
  await page.getByLabel('Security code').fill('123')
  const pay = page.getByRole('button', { name: /^Pay .* and submit$/ })
  await pay.click()
  const challenge = page.getByRole('alertdialog', { name: 'Confirm this payment with your bank' })
  await expect(challenge).toBeVisible()
  // Its react-aria code loads when it opens (issue 25): focus is inside the dialog, as before.
  await expect(challenge.getByRole('button', { name: 'Fail authentication' })).toBeVisible()
  await expect.poll(() => challenge.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  await lookAt(page, 'app-payment-challenge')
  await challenge.getByRole('button', { name: 'Fail authentication' }).click()
  await expect(page.getByTestId('payment-error')).toHaveText(
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  )
  await expect(challenge).toHaveCount(0)

  // The reattempt: the challenge again, completed this time.
  await pay.click()
  await expect(challenge).toBeVisible()
  await challenge.getByRole('button', { name: 'Complete authentication' }).click()
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await expect(page.getByTestId('status')).toContainText(customerStatusName(4))
  // Issue 22: the failed challenge cancelled the invoice it reserved (number kept); the reattempt paid a new one.
  await expect(page.getByTestId('invoice-table').getByTestId('invoice-status')).toHaveText(['Paid by card', 'Cancelled'])

  // The lodgement pack was queued by the submission and is built by the job; the dashboard follows it to ready.
  const panel = page.getByTestId('lodgement-pack-panel')
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 60_000 })
  const href = await panel.getByTestId('lodgement-pack').getAttribute('href')
  expect(href).toBe(`/promotions/downloadpdfs/${id}`)
  const zip = await page.request.get(href!)
  expect(zip.status()).toBe(200)
  expect(zip.headers()['content-type']).toBe('application/zip')
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK')
  // The failed authentication's 402 is the one expected failed request.
  expect(errors.filter((e) => !e.includes('402 (Payment Required)'))).toEqual([])
})
