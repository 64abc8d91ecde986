/**
 * Issue 22 on screen: the app in test mode says TEST MODE on every screen; the payment page shows
 * what is owed now, and when the fees change in another window the payment is refused (409,
 * nothing charged), the page shows the new total, and paying again charges that total.
 * Screens through axe and saved at desktop and phone size to tests/e2e/screens/.
 */
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { dollarsToCents, formatCurrency, MSG_DRAW_RUN_WAITS_FOR_PAYMENT, MSG_PAYMENT_TOTAL_CHANGED, MSG_TEST_MODE } from '@permitdesk/shared'
import { expect, test, type Page } from '@playwright/test'
import { readyPromotion, signUpCustomer, watchConsole, createPromotion, SCREENS_DIR } from './helpers'

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
    data: {
      id,
      name: current.name,
      ausStates: { nsw: true, act: true },
      includeNz: false,
      totalPrizeValue: 60_000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
    },
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
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await expect(page.getByTestId('test-mode-banner')).toBeVisible()
  const paid = (await (await page.request.get(`/api/invoice/getInvoices?promotionId=${id}`)).json()).invoices.find((i: any) => i.status === 'paid')
  expect(paid.testMode).toBe(true)
  expect(formatCurrency(dollarsToCents(paid.amount) + dollarsToCents(paid.gst))).toBe(after)
  await look(page, 'dashboard-paid')
  // The stale payment's 409 is the one expected failed request.
  expect(errors.filter((e) => !e.includes('409 (Conflict)'))).toEqual([])
})

test('unpaid services say so before the customer tries: the draw (Run disabled), the T&Cs and the lodgement pack after a rise', async ({ page }) => {
  test.setTimeout(240_000) // axe over three screens at two sizes on a shared 2-core machine
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'unpaid')
  const id = await createPromotion(page.request, 'Unpaid draw giveaway', { ausStates: { nsw: true }, randomDraw: true, termsAndConditions: true })
  const state = async () => (await (await page.request.get(`/api/promotion/servicePayment?id=${id}`)).json()).services
  const owed = (await state()).draw
  expect(owed.state).toBe('owed')

  // A committed draw: creating, uploading and committing stay open before payment.
  const draw = await (await page.request.post('/api/draw/create', { data: { promotionId: id, title: 'Final draw', winners: 1, reserves: 0 } })).json()
  const upload = await page.request.post('/api/draw/uploadEntries', {
    multipart: { id: String(draw.id), file: { name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from('entryId,name\nE1,Ann\nE2,Bob\nE3,Cy\n') } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  expect((await page.request.post('/api/draw/commit', { data: { id: draw.id } })).status()).toBe(200)

  await page.goto(`/promotions/draw/${id}/`)
  const notice = page.getByTestId('service-payment-draw')
  await expect(notice).toContainText(`Please pay ${formatCurrency(dollarsToCents(owed.owed))} on the payment page.`)
  await expect(notice.getByRole('link', { name: 'Go to the payment page' })).toHaveAttribute('href', `/permit/edit/${id}/payment/`)
  const panel = page.getByRole('region', { name: 'Final draw' })
  await expect(panel.getByRole('button', { name: 'Run the draw' })).toBeDisabled()
  await expect(panel.getByTestId('draw-run-waits')).toHaveText(MSG_DRAW_RUN_WAITS_FOR_PAYMENT)
  await look(page, 'draw-unpaid')

  await page.goto(`/promotions/edit/${id}/`)
  const terms = page.getByTestId('service-payment-terms')
  await expect(terms).toContainText((await state()).terms.message.split(' Please pay')[0])
  await expect(terms.getByRole('link', { name: 'Go to the payment page' })).toBeVisible()
  await page.getByTestId('service-payment-terms').scrollIntoViewIfNeeded()
  await look(page, 'terms-unpaid')

  // The service taken off: the draw screen says it is not bought and where to add it.
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  const modified = await page.request.post('/api/promotion/modify', {
    data: {
      id,
      name: current.name,
      ausStates: { nsw: true },
      includeNz: false,
      totalPrizeValue: 20_000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: true,
      abridgedTC: false,
      hostedTC: false,
    },
  })
  expect(modified.status(), await modified.text()).toBe(200)
  await page.goto(`/promotions/draw/${id}/`)
  await expect(page.getByTestId('service-payment-draw')).toHaveAttribute('data-state', 'notBought')
  await expect(page.getByTestId('service-payment-draw').getByRole('link', { name: 'Go to the services page' })).toHaveAttribute(
    'href',
    `/promotions/modify/${id}/`,
  )
  await expect(page.getByRole('region', { name: 'Final draw' }).getByRole('button', { name: 'Run the draw' })).toBeDisabled()
  expect(errors).toEqual([])
})

test('the lodgement pack after an amendment raised the fees: the dashboard says what to pay for it', async ({ page }) => {
  test.setTimeout(180_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'pack')
  const id = await readyPromotion(page.request, 'Pack giveaway')
  const paid = await page.request.post('/api/promotion/submitPermitApplication', {
    data: {
      id,
      cardName: 'Pat Payer',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/35',
      cardSecurityCode: '123',
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
    },
  })
  expect(paid.status(), await paid.text()).toBe(200)
  expect((await page.request.post('/api/promotion/beginAmendPermitApplication', { data: { id } })).status()).toBe(200)
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  const modified = await page.request.post('/api/promotion/modify', {
    data: {
      id,
      name: current.name,
      ausStates: { nsw: true, act: true },
      includeNz: false,
      totalPrizeValue: 60_000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
    },
  })
  expect(modified.status(), await modified.text()).toBe(200)
  const pack = (await (await page.request.get(`/api/promotion/servicePayment?id=${id}`)).json()).services.lodgementPack
  expect(pack.state).toBe('owed')

  await page.goto(`/promotions/edit/${id}/`)
  const notice = page.getByTestId('service-payment-lodgementPack')
  await expect(notice).toContainText(
    `The lodgement pack will be available once this promotion is paid. Please pay ${formatCurrency(dollarsToCents(pack.owed))}`,
  )
  await expect(notice.getByRole('link', { name: 'Go to the payment page' })).toHaveAttribute('href', `/permit/edit/${id}/payment/`)
  await notice.scrollIntoViewIfNeeded()
  await look(page, 'pack-unpaid')
  expect(errors).toEqual([])
})
