/**
 * Issue 26: a staff member's morning in the console. Sign in; the outstanding list (WA filter);
 * open the oldest submitted application; add a note and make it a task with a due date; find it
 * on the tasks screen with where it came from; record the NSW permit number with its document;
 * approve and send the WA notice (the mail to the WA department carries the PDF); check the
 * approve a customer's T&Cs on their dashboard; check the statistics, filtered to last month, and export a table as CSV. Every screen through axe, at 1280 wide and on a 390 x 844 phone, screenshots kept
 * in tests/e2e/screens/.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { formatDate } from '@permitdesk/shared'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import PostalMime from 'postal-mime'
import { E2E_DATA_DIR, readyPromotion, repoRoot, signUpCustomer, watchConsole, SCREENS_DIR } from './helpers'

const STAFF = { email: 'staff@permitdesk.test', password: 'staff-password-123' }
const OUTBOX = path.join(repoRoot, E2E_DATA_DIR, 'outbox')
const WA_DEPARTMENT = 'tradepromotions@wa-department.example'

test.describe.configure({ timeout: 240_000 })

async function axeSerious(page: Page) {
  // react-aria's live announcer keeps an announcement for 7 s as a role=img labelled by the dialog
  // that just closed (its text was already read); it is not part of the screen.
  const result = await new AxeBuilder({ page }).exclude('[data-live-announcer]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('; ')})`)
}

/** The screen as it is now, at 1280 wide and on a phone: axe finds nothing serious; screenshots kept. */
async function look(page: Page, name: string) {
  for (const [width, height, device] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    expect(await axeSerious(page), `${name} on ${device}`).toEqual([])
    // Nothing widens the page past the screen (wide tables scroll inside their own region).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} on ${device}: page width`).toBeLessThanOrEqual(width)
    // On a phone, a stacked table's rows are cards: nothing in it scrolls sideways either.
    if (device === 'phone')
      for (const table of await page.locator('.ui-table--stacked').all())
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth), `${name}: a stacked table scrolls sideways`).toBe(
          true,
        )
    await page.screenshot({ path: path.join(SCREENS_DIR, `staff-morning-${name}-${device}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Pays promotion `id`'s application by card in the sandbox. */
async function payByCard(request: APIRequestContext, id: number) {
  const paid = await request.post('/api/promotion/submitPermitApplication', {
    data: {
      id,
      cardName: 'Wren Promoter',
      cardNumber: '4242424242424242',
      cardExpiry: '12/35',
      cardSecurityCode: '123',
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
    },
  })
  expect(paid.status(), await paid.text()).toBe(200)
}

/** A complete WA + NSW application paid by card in the sandbox: "Submitted and awaiting feedback". */
async function submittedWaPromotion(request: APIRequestContext, name: string): Promise<number> {
  const id = await readyPromotion(request, name, { nsw: true, wa: true })
  await payByCard(request, id)
  return id
}

/**
 * A complete NSW application with our T&Cs, paid by card, its T&Cs drafted by the customer but not
 * approved: "Awaiting T&Cs approval" for staff.
 */
async function awaitingTermsPromotion(request: APIRequestContext, name: string): Promise<number> {
  const id = await readyPromotion(request, name, { nsw: true }, { termsAndConditions: true })
  await payByCard(request, id)
  const drafted = await request.post('/api/terms/generate', { data: { promotionId: id } })
  expect(drafted.status(), await drafted.text()).toBe(200)
  return id
}

async function mailsTo(address: string) {
  const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')) : []
  const mails = await Promise.all(files.map((f) => PostalMime.parse(fs.readFileSync(path.join(OUTBOX, f)))))
  return mails.filter((m) => m.to?.some((t) => t.address === address))
}

test("a staff member's morning: outstanding → the oldest application → note → task → permit number → WA notice → T&C approval → statistics for last month → CSV", async ({
  page,
  browser,
}) => {
  fs.mkdirSync(SCREENS_DIR, { recursive: true })
  const suffix = crypto.randomBytes(3).toString('hex')
  await signUpCustomer(page.request, 'morning', { firstName: 'Wren', lastName: 'Promoter', accountName: 'Western Promotions Pty Ltd' })
  // Two applications waiting, the older first: the morning starts with the older one.
  const oldest = `Perth beach giveaway ${suffix}`
  const oldestId = await submittedWaPromotion(page.request, oldest)
  await submittedWaPromotion(page.request, `Kimberley road trip ${suffix}`)

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  const staff = await context.newPage()
  const errors = watchConsole(staff)
  // The WA department's address, as an editor sets it in the CMS site settings (the same session).
  await staff.goto('/account/login/')
  await staff.getByLabel('Email address').fill(STAFF.email)
  await staff.getByLabel('Password').fill(STAFF.password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff.getByRole('navigation', { name: 'Staff console' })).toBeVisible()
  const settings = await staff.request.post('/cms-api/globals/site-settings', { data: { waNoticeEmail: WA_DEPARTMENT } })
  expect(settings.status(), await settings.text()).toBe(200)

  // 1. Outstanding, WA only: the oldest waiting application is first.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Outstanding' }).click()
  await expect(staff.getByRole('heading', { name: 'Outstanding permit applications' })).toBeVisible()
  await staff.getByRole('group', { name: 'States' }).getByLabel('WA', { exact: true }).check()
  const table = staff.getByRole('table', { name: 'Outstanding permit applications' })
  const ours = table.getByRole('row').filter({ hasText: suffix })
  await expect(ours).toHaveCount(2)
  await expect(ours.first()).toContainText(oldest)
  await expect(ours.first()).toContainText('Submitted and awaiting feedback')
  await look(staff, 'outstanding')
  // Sorting by keyboard: Enter on a header's button sorts by it, aria-sort and the button's name say how, the rows follow.
  const promotionHeader = table.getByRole('columnheader', { name: /^Promotion/ })
  await expect(promotionHeader).toHaveAttribute('aria-sort', 'none')
  // Chromium's name has a space before the comma (the label and the hidden words are separate flex items); it reads the same.
  await promotionHeader.getByRole('button', { name: /^Promotion ?, not sorted, press to sort$/ }).focus()
  await staff.keyboard.press('Enter')
  await expect(promotionHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(promotionHeader.getByRole('button')).toHaveAccessibleName(/^Promotion ?, sorted ascending$/)
  await expect(staff.getByTestId('table-sort-status')).toHaveText('Outstanding permit applications: sorted by Promotion, ascending')
  await expect(ours.first()).toContainText(`Kimberley road trip ${suffix}`)
  await staff.keyboard.press('Enter')
  await expect(promotionHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(ours.first()).toContainText(oldest)
  await ours.first().getByRole('link', { name: oldest }).click()

  // 2. The application: add a note, then make it a task due next week, assigned to anyone.
  await expect(staff.getByTestId('status')).toHaveText('Submitted and awaiting feedback')
  // The licence fees and what the customer pays in all are separate lines (the first read "NSW $468; total $713 + GST $24.50").
  await expect(staff.getByTestId('licence-fees')).toHaveText(/^NSW \$[\d,.]+$/)
  const feesInAll = /^\$([\d,.]+) \+ GST \$([\d,.]+)(?: \+ card surcharge \$([\d,.]+))? = \$([\d,.]+)$/.exec(
    (await staff.getByTestId('fees-in-all').textContent()) ?? '',
  )
  expect(feesInAll).not.toBeNull()
  const cents = (dollars = '0') => Math.round(Number(dollars.replace(/,/g, '')) * 100)
  // The parts add up to the whole it shows, to the cent.
  expect(cents(feesInAll![1]) + cents(feesInAll![2]) + cents(feesInAll![3])).toBe(cents(feesInAll![4]))
  await staff.getByLabel('Add a note').fill(`Check the WA prize list of ${oldest} with the promoter.`)
  await staff.getByRole('button', { name: 'Add note' }).click()
  const note = staff.getByRole('listitem').filter({ hasText: 'Check the WA prize list' })
  await expect(note).toContainText('Note')
  await expect(note).toContainText('Staff note by')
  await look(staff, 'detail')
  await note.getByRole('button', { name: 'Make this a task' }).click()
  const dialog = staff.getByRole('dialog', { name: 'Make this note a task' })
  // No due date: refused with the spec's words, nothing changes.
  await dialog.getByRole('button', { name: 'Make it a task' }).click()
  await expect(dialog.getByText('Please enter the date this task is due.')).toBeVisible()
  // A week from today in Sydney, typed day first as a person does.
  const due = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 7 * 86_400_000))
  const [yyyy, mm, dd] = due.split('-')
  await dialog.getByRole('group', { name: 'Due date', exact: true }).getByRole('spinbutton').first().click()
  await staff.keyboard.type(`${dd}${mm}${yyyy}`)
  await expect(dialog.getByText('Please enter the date this task is due.')).toHaveCount(0)
  await look(staff, 'make-task')
  await dialog.getByRole('button', { name: 'Make it a task' }).click()
  await expect(dialog).toHaveCount(0)
  const dueText = formatDate(due)
  await expect(note).toContainText(`Task, due ${dueText}`)

  // 3. The tasks screen lists it with its due date and where it came from.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Tasks' }).click()
  const task = staff.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: 'Check the WA prize list' })
  await expect(task).toContainText(dueText)
  await expect(task).toContainText('Staff note by')
  await expect(task.getByRole('link', { name: oldest })).toBeVisible()
  await look(staff, 'tasks')
  await task.getByRole('link', { name: oldest }).click()

  // 4. The NSW permit number with the permit document.
  await staff.getByRole('link', { name: 'Permit numbers' }).click()
  const nsw = staff.getByRole('form', { name: 'NSW permit' })
  await nsw.getByLabel('NSW permit number').fill('NTP/26/04417')
  const [ay, am, ad] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date()).split('-')
  await nsw.getByRole('group', { name: 'NSW approval date', exact: true }).getByRole('spinbutton').first().click()
  await staff.keyboard.type(`${ad}${am}${ay}`)
  await nsw.getByLabel('NSW permit document').setInputFiles({
    name: 'NSW permit.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
  })
  await expect(nsw.getByRole('link', { name: 'Download' })).toBeVisible()
  await look(staff, 'permit-numbers')
  await nsw.getByRole('button', { name: 'Save NSW permit number' }).click()
  await expect(nsw.getByRole('alert')).toHaveCount(0)
  await staff.getByRole('link', { name: 'Back to the promotion' }).click()
  await expect(staff.getByText('NSW NTP/26/04417')).toBeVisible()

  // 5. Approve and send the WA notice: the department receives it with the PDF.
  await staff.getByRole('button', { name: 'Approve' }).click()
  const approve = staff.getByRole('dialog', { name: 'Approve this promotion' })
  await expect(approve.getByRole('checkbox', { name: 'E-mail the WA notice (PDF) to the WA department' })).toBeChecked()
  await look(staff, 'approve')
  await approve.getByRole('button', { name: 'Approve promotion' }).click()
  await expect(staff.getByTestId('status')).toHaveText('Approved')
  await expect(staff.getByTestId('wa-notice')).toContainText(`E-mailed to ${WA_DEPARTMENT} on `, { timeout: 60_000 })
  const [mail] = await mailsTo(WA_DEPARTMENT)
  expect(mail!.subject).toBe(`WA trade promotion notice: ${oldest} (PermitDesk ${oldestId})`)
  expect(mail!.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`WA notice - ${oldestId}.pdf`, 'application/pdf']])
  await look(staff, 'detail-approved')

  // 6. T&C approval: a customer who bought our T&Cs confirms them by phone; staff approve them on
  // the customer's own dashboard (one app), through the same dialog the customer would use.
  const termsName = `Margaret River tasting ${suffix}`
  const termsId = await awaitingTermsPromotion(page.request, termsName)
  await staff.goto(`/admin/detail/${termsId}/`)
  await expect(staff.getByTestId('status')).toHaveText('Awaiting T&Cs approval')
  await staff.getByRole('navigation', { name: 'Promotion screens' }).getByRole('link', { name: "Customer's dashboard" }).click()
  const terms = staff.getByRole('region', { name: 'Terms and conditions', exact: true })
  await expect(terms.getByTestId('terms-status')).toHaveText('Awaiting your approval')
  await terms.getByRole('button', { name: 'Approve terms and conditions' }).click()
  const confirmTerms = staff.getByRole('alertdialog', { name: 'Approve terms and conditions' })
  await confirmTerms.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(staff.getByTestId('terms-status')).toHaveText('Approved')
  await look(staff, 'terms-approved')
  await staff.goto(`/admin/detail/${termsId}/`)
  await expect(staff.getByTestId('status')).toHaveText('Submitted and awaiting feedback')

  // 7. Statistics: the morning's approvals count.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Statistics' }).click()
  await expect(staff.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible()
  await expect(staff.getByRole('status').filter({ hasText: 'promotions' })).toHaveText(/^\d+ promotions\.$/)
  await expect(staff.getByRole('table', { name: 'Revenue by service' })).toBeVisible()
  const everything = Number((await staff.getByRole('status').filter({ hasText: 'promotions' }).textContent())!.match(/\d+/)![0])
  // Filtered to last month (Sydney's calendar), typed day first: the morning's two promotions, made today, fall outside it.
  const [ty, tm] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date()).split('-').map(Number)
  const lastMonth = tm === 1 ? { y: ty! - 1, m: 12 } : { y: ty!, m: tm! - 1 }
  const pad = (n: number) => String(n).padStart(2, '0')
  const lastDay = new Date(Date.UTC(lastMonth.y, lastMonth.m, 0)).getUTCDate()
  const filters = staff.getByRole('form', { name: 'Filter the statistics' })
  await filters.getByRole('group', { name: 'Created from', exact: true }).getByRole('spinbutton').first().click()
  await staff.keyboard.type(`01${pad(lastMonth.m)}${lastMonth.y}`)
  await filters.getByRole('group', { name: 'Created to', exact: true }).getByRole('spinbutton').first().click()
  await staff.keyboard.type(`${pad(lastDay)}${pad(lastMonth.m)}${lastMonth.y}`)
  const inLastMonth = staff.getByRole('status').filter({ hasText: 'promotions' })
  await expect.poll(async () => Number((await inLastMonth.textContent())!.match(/\d+/)![0])).toBeLessThanOrEqual(everything - 2)
  await look(staff, 'statistics')
  // The table as a CSV, with the screen's human labels.
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Export “Revenue by service” as CSV' }).click()])
  expect(download.suggestedFilename()).toBe('revenue-by-service.csv')
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('Service,Revenue (ex GST),Share')
  expect(csv).not.toMatch(/TermsAndConditions|AbridgedTC|PermitFees/)

  // The one refused request (the task without a due date) is a 400 the browser logs; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
  await context.close()
})
