/**
 * Issue 25: the promotion dashboard says what to do next, in the customer's words.
 * - A new promotion: "Permits required" with each state's rule and fee, and one primary button
 *   that starts the application (not only the title).
 * - A complete application: the primary button is "Pay and submit"; after paying, the dashboard
 *   says the payment is received and what happens next, with the status in the customer's words.
 * - My Promotions shows dates as "12 Jan 2026".
 * Each screen on a desktop and a phone (390 × 844), through axe, saved to tests/e2e/screens/.
 */
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import pg from 'pg'
import {
  customerStatusName,
  defaultPermitNumber,
  formatCurrency,
  formatDate,
  MSG_ADDENDA_AFTER_DRAW,
  MSG_ADDENDA_BEFORE_DRAW,
  MSG_NO_INVOICES_RECORDED_BY_STAFF,
  MSG_NO_INVOICES_YET,
  MSG_PAYMENT_RECEIVED,
  MSG_PERMIT_LINE_AWAITING_NUMBER,
  MSG_TASK_PAYMENT_RECORDED_BY_STAFF,
  msgPermitLineIssued,
  statusNextStep,
  today,
} from '@permitdesk/shared'
import { E2E_DATA_DIR, readDatabaseUrl, readyPromotion, signUpCustomer, watchConsole, createPromotion, SCREENS_DIR } from './helpers'

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

/** Every button or link drawn as a primary button in the page's main region (the design system's and the older plain styles). */
const primaryButtons = (page: Page) =>
  page
    .locator('#main')
    .locator('.ui-button--primary:visible, a.button.primary:visible, button.primary:visible, button[type="submit"]:not([class*="ui-"]):visible')

/** How many lines an element's text is laid out on (its line boxes' distinct tops). */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  })

/** Axe (WCAG 2.1 A/AA) finds nothing serious on the page at each size; a full-page screenshot of each. */
async function lookAt(page: Page, name: string) {
  fs.mkdirSync(SCREENS_DIR, { recursive: true })
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    await page.waitForLoadState('networkidle')
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
      `${name} at ${size}`,
    ).toEqual([])
    await page.screenshot({ path: path.join(SCREENS_DIR, `dashboard-${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(SIZES.desktop)
}

test('a new promotion: permits required and why, and a button that starts the application', async ({ page }) => {
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'tasks')
  const id = await createPromotion(page.request, 'Winter giveaway', { ausStates: { nsw: true, act: true, vic: true }, randomDraw: true })

  await page.goto(`/promotions/edit/${id}/`)
  const tasks = page.getByTestId('task-list')
  await expect(tasks.getByRole('heading', { name: 'What to do next' })).toBeVisible()
  await expect(tasks.getByTestId('permits-headline')).toHaveText('Permits needed: ACT and NSW.')
  await expect(tasks.getByTestId('permit-NSW')).toContainText('over $10,000. Licence fee $468.')
  await expect(tasks.getByTestId('permit-ACT')).toContainText('Licence fee $721, the fee for prizes over $10,000.')
  await expect(tasks.getByTestId('permit-VIC')).toContainText('No permit')
  await expect(page.getByTestId('status')).toContainText(customerStatusName(1))
  await expect(page.getByTestId('status-next')).toHaveText(statusNextStep(1))
  await expect(tasks.getByTestId('task-state-payment')).toHaveText('Cannot start yet')
  await expect(tasks.getByTestId('task-state-terms')).toHaveText('Not ordered')
  // One primary button on the dashboard's task list: the next step.
  await expect(tasks.locator('.ui-button--primary')).toHaveCount(1)
  // And on the whole page (issue 25): no other form's button competes with it.
  await expect(primaryButtons(page)).toHaveCount(1)
  await lookAt(page, 'new')

  await tasks.getByRole('link', { name: 'Start the application' }).click()
  await expect(page).toHaveURL(new RegExp(`/permit/edit/${id}/`))

  // My Promotions: the date as "12 Jan 2026".
  await page.goto('/promotions/')
  await expect(page.getByRole('row', { name: /Winter giveaway/ })).toContainText(formatDate(new Date()))
  await expect(page.getByRole('row', { name: /Winter giveaway/ })).toContainText(customerStatusName(1))
  // Issue 25: on a phone each promotion is a card; nothing is cut off or scrolled sideways (the prize value was).
  await page.setViewportSize(SIZES.phone)
  const row = page.getByRole('row', { name: /Winter giveaway/ })
  await expect(row.getByRole('cell', { name: '$20,000' })).toBeInViewport({ ratio: 1 })
  await expect.poll(() => page.locator('.promotions-table .ui-table-wrap').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: path.join(SCREENS_DIR, 'dashboard-my-promotions-phone.png'), fullPage: true })
  expect(errors).toEqual([])
})

test('a complete application: "Pay and submit" leads; after paying the dashboard says what happened and what happens next', async ({ page }) => {
  // Two sizes through axe per screen, on a shared machine.
  test.setTimeout(150_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'tasks-pay')
  const id = await readyPromotion(page.request, 'Spring giveaway')

  await page.goto(`/promotions/edit/${id}/`)
  const tasks = page.getByTestId('task-list')
  await expect(tasks.getByTestId('task-state-application')).toHaveText('Completed')
  await expect(tasks.getByTestId('task-state-payment')).toHaveText('To do')
  await expect(tasks.locator('.ui-button--primary')).toHaveText('Pay and submit')
  await expect(primaryButtons(page)).toHaveText(['Pay and submit'])
  await lookAt(page, 'ready')

  await tasks.getByRole('link', { name: 'Pay and submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/permit/edit/${id}/payment/$`))
  await payByCardOnThePage(page, id)

  await expect(page.getByTestId('payment-received')).toHaveText(`${MSG_PAYMENT_RECEIVED} ${statusNextStep(4)}`)
  await expect(page.getByText('Your promotion has been updated.')).toHaveCount(0)
  // Shown once: the address drops ?success, so a reload claims no new payment and shows the next step instead.
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await page.reload()
  await expect(page.getByTestId('status')).toContainText(customerStatusName(4))
  await expect(page.getByTestId('payment-received')).toHaveCount(0)
  await expect(page.getByTestId('status-next')).toHaveText(statusNextStep(4))
  await expect(page.getByTestId('status')).toContainText(customerStatusName(4))
  await expect(tasks.getByTestId('task-state-payment')).toHaveText('Completed')
  await expect(tasks.getByTestId('task-state-permits')).toHaveText('Waiting')
  await expect(tasks.getByTestId('task-action-application')).toHaveText('Start an amendment')
  // Issue 25: the card surcharge is a line of its own under the invoice's total, the figures the invoice holds.
  const [paidInvoice] = (await (await page.request.get(`/api/invoice/getInvoices?promotionId=${id}&count=10`)).json()).invoices
  expect(paidInvoice.ccSurcharge).toBeGreaterThan(0)
  const total = page.getByTestId('dashboard-invoices').getByTestId('invoice-total')
  await expect(total.getByRole('listitem')).toHaveText([
    `Fees ${formatCurrency(Math.round(paidInvoice.amount * 100))}`,
    `GST ${formatCurrency(Math.round(paidInvoice.gst * 100))}`,
    `Card surcharge ${formatCurrency(Math.round(paidInvoice.ccSurcharge * 100))}`,
  ])
  await expect(total).toContainText(formatCurrency(Math.round(paidInvoice.total * 100)))
  await lookAt(page, 'paid')
  expect(errors).toEqual([])
})

test('a locked application says why and what to do, by status: BPAY, then submitted', async ({ page, browser }) => {
  // Two sizes through axe per screen, on a shared machine.
  test.setTimeout(150_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'locked')
  const id = await readyPromotion(page.request, 'Autumn giveaway')

  await page.goto(`/permit/edit/${id}/payment/`)
  await page.getByLabel('BPAY').check()
  await page.getByRole('button', { name: 'Submit and pay by BPAY' }).click()
  await expect(page.getByTestId('bpay-crn')).toHaveText(/^\d{7,}$/)

  await page.goto(`/permit/edit/${id}/`)
  const locked = page.getByTestId('locked-application')
  await expect(locked.getByRole('heading', { name: 'Pay your BPAY invoice' })).toBeVisible()
  await expect(page.getByTestId('permit-status')).toHaveText(customerStatusName(9))
  // Nothing is saved on a locked application: no save-status box in the header.
  await expect(page.getByTestId('save-status')).toHaveCount(0)
  // Issue 25: one way back only: the editor's header "Back", never a second "Back to the promotion" beside it.
  await expect(locked.getByRole('link', { name: /back/i })).toHaveCount(0)
  await expect(locked.getByRole('button', { name: /back/i })).toHaveCount(0)
  await lookAt(page, 'locked-bpay')
  // Issue 25: a later step of a locked application: read it, but no Previous/Next that reads as editing, and one way back (the header's).
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Applicant/ })
    .click()
  await expect(page.getByRole('heading', { name: /^Step 2 of \d: / })).toBeVisible()
  await expect(page.getByTestId('locked-application')).toBeVisible()
  await expect(page.locator('#main').getByRole('button', { name: /^(Previous|Next|Save and finish)/ })).toHaveCount(0)
  await expect(page.locator('#main').getByRole('button', { name: /back/i })).toHaveText(['Back'])
  await expect(page.locator('#main').getByRole('link', { name: /back to/i })).toHaveCount(0)
  await lookAt(page, 'locked-bpay-step-2')
  await page.goto(`/permit/edit/${id}/`)
  await locked.getByRole('link', { name: 'Pay by card instead' }).click()
  await expect(page).toHaveURL(new RegExp(`/permit/edit/${id}/payment/$`))

  // Staff approve the BPAY payment: the application is submitted.
  const staffContext = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT || 3100}` })
  expect((await staffContext.request.post('/api/account/login', { data: { email: 'staff@permitdesk.test', password: 'staff-password-123' } })).status()).toBe(
    200,
  )
  const approved = await staffContext.request.post('/api/admin/approveBpayPayment', { data: { id } })
  expect(approved.status(), await approved.text()).toBe(200)
  await staffContext.close()

  await page.goto(`/permit/edit/${id}/`)
  await expect(locked.getByRole('heading', { name: 'Your application is with the regulators' })).toBeVisible()
  await expect(page.getByTestId('permit-status')).toHaveText(customerStatusName(4))
  await expect(locked.getByRole('link', { name: /back/i })).toHaveCount(0)
  await lookAt(page, 'locked-submitted')
  await locked.getByRole('button', { name: 'Start an amendment' }).click()
  await expect(page.getByTestId('permit-status')).toHaveText(customerStatusName(14))
  await expect(page.getByTestId('locked-application')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('after approval: the permit document downloads from the dashboard, and addenda are uploaded and lodged there', async ({ page, browser }) => {
  // Two sizes through axe per screen, on a shared machine.
  test.setTimeout(150_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'addenda')
  const id = await readyPromotion(page.request, 'Summer giveaway')

  // Staff: approve, and save the NSW permit number with its document.
  const staffContext = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT || 3100}` })
  const staff = staffContext.request
  expect((await staff.post('/api/account/login', { data: { email: 'staff@permitdesk.test', password: 'staff-password-123' } })).status()).toBe(200)
  expect((await staff.post('/api/admin/forcePromotionStatusChange', { data: { id, newStatus: 8 } })).status()).toBe(200)
  const document = Buffer.from('%PDF-1.7\n% NSW permit NTP/13579\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
  const uploaded = await staff.post('/api/Upload', { multipart: { file: { name: 'NSW permit.pdf', mimeType: 'application/pdf', buffer: document } } })
  expect(uploaded.status()).toBe(201)
  const approvalDate = today({ now: new Date() })
  const saved = await staff.post('/api/promotion/savePermitNumber', {
    data: { promotionId: id, state: 'NSW', number: 'NTP/13579', approvalDate, fileName: (await uploaded.json()).serverFileName },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await staffContext.close()

  await page.goto(`/promotions/edit/${id}/`)
  await expect(page.getByTestId('permit-number-NSW')).toContainText('NTP/13579')
  // Issue 25: the permits panel says which permit is issued; the one still with its regulator reads as needed.
  await expect(page.getByTestId('permit-outcome-NSW')).toHaveText('Permit issued: NTP/13579')
  // Approved with only the NSW number recorded: ACT awaits its number from us (it read "Permit needed").
  await expect(page.getByTestId('permit-outcome-ACT')).toHaveText(MSG_PERMIT_LINE_AWAITING_NUMBER)
  const documentLink = page.getByTestId('permit-document-NSW')
  await expect(documentLink).toHaveText('Download the NSW permit')
  const fetched = await page.request.get((await documentLink.getAttribute('href'))!)
  expect(fetched.status()).toBe(200)
  expect(await fetched.text()).toContain('NSW permit NTP/13579')

  // Issue 25: staff moved it past payment without one: no "Completed" payment beside no invoice; what is true instead.
  const tasks = page.getByTestId('task-list')
  await expect(tasks.getByTestId('task-state-payment')).toHaveText('Recorded by our staff')
  await expect(tasks.getByTestId('task-payment')).toContainText(MSG_TASK_PAYMENT_RECORDED_BY_STAFF)
  await expect(page.getByTestId('no-invoices')).toHaveText(MSG_NO_INVOICES_RECORDED_BY_STAFF)
  await expect(page.getByText(MSG_NO_INVOICES_YET)).toHaveCount(0)

  // Issue 25: the calendar in the customer's words: no rule-set code, no "not yet verified"; each source with its as-at date.
  const calendar = page.getByTestId('calendar')
  await expect(calendar.getByTestId('calendar-intro')).toBeVisible()
  await expect(calendar).not.toContainText(/not yet verified|rule set|au-\d{4}|research notes|product specification/i)
  await expect(calendar.getByTestId('rule-source').first()).toHaveText(/^Source: .+, as at \d{1,2} [A-Z][a-z]{2} \d{4}\.$/)

  // Issue 25: before the draw the addenda say what will be needed and when, with no upload yet.
  const addenda = page.getByTestId('addenda')
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  await expect(addenda.getByTestId('addenda-intro')).toHaveText(MSG_ADDENDA_BEFORE_DRAW)
  await expect(addenda.getByTestId('addendum-state-V')).toHaveText(`From ${formatDate(current.permit.finalDraw.date)}, after the final draw.`)
  await expect(addenda.getByTestId('addendum-state-W')).toHaveText(`From ${formatDate(current.permit.unclaimedDraw.date)}, after the unclaimed prize draw.`)
  await expect(addenda.getByTestId('addendum-X')).toBeVisible()
  // Issue 25: each row names its document in words (the spec's names), the letter only after it, never the row's first word.
  await expect(addenda.getByTestId('addendum-name-V')).toHaveText('List of prize winners')
  await expect(addenda.getByTestId('addendum-name-W')).toHaveText('List of unclaimed prize winners')
  await expect(addenda.getByTestId('addendum-name-X')).toHaveText('List of entries')
  for (const code of ['V', 'W', 'X']) await expect(addenda.getByTestId(`addendum-${code}`)).not.toHaveText(/^\s*[UVWXY]\b/)
  // No scrutineer is required for this promotion: no declaration asked for.
  await expect(addenda.getByTestId('addendum-U')).toHaveCount(0)
  await expect(addenda.getByLabel(/Upload and lodge/)).toHaveCount(0)
  await lookAt(page, 'approved-before-draw')

  // Time passes: the final draw was yesterday (the unclaimed prize draw is still ahead).
  const db = new pg.Client({ connectionString: readDatabaseUrl(E2E_DATA_DIR) })
  await db.connect()
  try {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await db.query(`update app.promotions set permit = jsonb_set(permit, '{finalDraw,date}', to_jsonb($2::text)) where id = $1`, [id, yesterday])
  } finally {
    await db.end()
  }
  await page.reload()
  await expect(addenda.getByTestId('addenda-intro')).toHaveText(MSG_ADDENDA_AFTER_DRAW)
  await expect(addenda.getByTestId('addendum-state-V')).toHaveText(/^Needed now: the final draw was on /)
  await expect(addenda.getByTestId('addendum-W').getByLabel(/Upload and lodge/)).toHaveCount(0)
  await addenda
    .getByLabel('Upload and lodge List of prize winners')
    .setInputFiles({ name: 'winners.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% winners\n%%EOF\n') })
  await expect(addenda.getByTestId('addendum-V').getByRole('status')).toHaveText('List of prize winners lodged. We will send it to the regulators.')
  await expect(addenda.getByTestId('addendum-state-V')).toContainText(`Lodged ${formatDate(new Date())}`)
  await expect(addenda.getByTestId('addendum-state-W')).toHaveText(/^From .+, after the unclaimed prize draw\.$/)
  await lookAt(page, 'approved')

  // Still there on a fresh load: kept on the promotion.
  await page.reload()
  await expect(page.getByTestId('addendum-state-V')).toContainText('Lodged')
  expect(errors).toEqual([])
})

test('NSW + ACT paid and approved: each state says where its permit stands as staff record the numbers; on a phone the invoice date and the task hints read whole', async ({
  page,
  browser,
}) => {
  // Two sizes through axe per screen, on a shared machine.
  test.setTimeout(180_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'permit-lines')
  const id = await readyPromotion(page.request, 'Harbour giveaway')

  // The customer pays by card: the application goes to the regulators.
  await page.goto(`/permit/edit/${id}/payment/`)
  await payByCardOnThePage(page, id)
  await expect(page.getByTestId('permit-outcome-NSW')).toHaveText('With the regulator')
  await expect(page.getByTestId('permit-outcome-ACT')).toHaveText('With the regulator')

  // On a phone: the invoice's date on one line; the payment task's state tag under its hint, the hint the row's width.
  await page.setViewportSize(SIZES.phone)
  const invoiceDate = page.getByTestId('dashboard-invoices').getByTestId('invoice-date')
  await expect(invoiceDate).toHaveText(formatDate(new Date()))
  await expect.poll(() => textLines(invoiceDate)).toBe(1)
  const paymentTask = page.getByTestId('task-payment')
  const [row, text, tag] = await Promise.all([
    paymentTask.boundingBox(),
    paymentTask.locator('.task-list__text').boundingBox(),
    page.getByTestId('task-state-payment').boundingBox(),
  ])
  expect(tag!.y).toBeGreaterThanOrEqual(text!.y + text!.height - 1)
  expect(text!.width).toBeGreaterThan(row!.width * 0.8)
  await page.setViewportSize(SIZES.desktop)

  // Staff approve it and record the NSW permit number only.
  const staffContext = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT || 3100}` })
  const staff = staffContext.request
  expect((await staff.post('/api/account/login', { data: { email: 'staff@permitdesk.test', password: 'staff-password-123' } })).status()).toBe(200)
  const approved = await staff.post('/api/admin/approvePromotion', { data: { promotionId: id, sendToWA: false } })
  expect(approved.status(), await approved.text()).toBe(200)
  const approvalDate = today({ now: new Date() })
  const actNumber = `${defaultPermitNumber('ACT', { now: new Date() })}00042`
  const nsw = await staff.post('/api/promotion/savePermitNumber', { data: { promotionId: id, state: 'NSW', number: 'NTP/24680', approvalDate } })
  expect(nsw.status(), await nsw.text()).toBe(200)

  await page.reload()
  await expect(page.getByTestId('status')).toContainText(customerStatusName(8))
  await expect(page.getByTestId('permit-outcome-NSW')).toHaveText(msgPermitLineIssued('NTP/24680'))
  await expect(page.getByTestId('permit-outcome-ACT')).toHaveText(MSG_PERMIT_LINE_AWAITING_NUMBER)
  await expect(page.getByTestId('permits-required')).not.toContainText('Permit needed')
  await lookAt(page, 'approved-nsw-only')

  // Staff record the ACT number with its document: ACT reads issued, and its document downloads from its line.
  const document = Buffer.from('%PDF-1.7\n% ACT permit\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
  const uploaded = await staff.post('/api/Upload', { multipart: { file: { name: 'ACT permit.pdf', mimeType: 'application/pdf', buffer: document } } })
  expect(uploaded.status()).toBe(201)
  const act = await staff.post('/api/promotion/savePermitNumber', {
    data: { promotionId: id, state: 'ACT', number: actNumber, approvalDate, fileName: (await uploaded.json()).serverFileName },
  })
  expect(act.status(), await act.text()).toBe(200)
  await staffContext.close()

  await page.reload()
  await expect(page.getByTestId('permit-outcome-ACT')).toHaveText(msgPermitLineIssued(actNumber))
  await expect(page.getByTestId('permit-outcome-NSW')).toHaveText(msgPermitLineIssued('NTP/24680'))
  await expect(page.getByTestId('task-state-permits')).toHaveText('Completed')
  const actDocument = page.getByTestId('permit-row-document-ACT')
  await expect(actDocument).toHaveText('Download the ACT permit')
  expect(await (await page.request.get((await actDocument.getAttribute('href'))!)).text()).toContain('% ACT permit')
  await lookAt(page, 'approved-all-numbers')

  // My invoices on a phone: each invoice a card, its date on one line.
  await page.goto('/account/invoices/')
  await page.setViewportSize(SIZES.phone)
  const accountDate = page.getByTestId('invoice-table').getByTestId('invoice-date').first()
  await expect(accountDate).toHaveText(formatDate(new Date()))
  await expect.poll(() => textLines(accountDate)).toBe(1)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: path.join(SCREENS_DIR, 'dashboard-account-invoices-phone.png'), fullPage: true })
  expect(errors).toEqual([])
})

/** The payment page open: pays with the sandbox's card and lands on the dashboard's success notice. */
async function payByCardOnThePage(page: Page, id: number) {
  await page.getByLabel('Name on card').fill('Pat Payer')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/35')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: /^Pay .* and submit$/ }).click()
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
}
