/**
 * Issue 25, what was left:
 * - Winner publication as a service: offered on the services step with our draw in ACT or SA,
 *   its fee in the estimate, and on the dashboard (services, fees and its own section).
 * - One calendar on the dashboard: the application's dates and the rules' duties in date order,
 *   the next one marked, each with its action (set a reminder, mark done), the .ics file and feed.
 * Each screen on a desktop and a phone (390 × 844), through axe, saved to tests/e2e/screens/.
 */
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { formatDate, MSG_SA_ELECTRONIC_ONLY_MANAGED, MSG_WINNER_PUBLICATION_AFTER_DRAW } from '@permitdesk/shared'
import { signUpCustomer, watchConsole, createPromotion, SCREENS_DIR } from './helpers'

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

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
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(SIZES.desktop)
}

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('winner publication is ordered on the services step and shown on the dashboard', async ({ page }) => {
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'winner-pub')
  await page.goto('/promotions/create/')
  await page.getByLabel('Promotion name').fill('Canberra giveaway')
  await page.getByLabel('Victoria').check()
  await page.getByLabel(/Total prize value/).fill('20,000')
  await page
    .getByRole('group', { name: /drawn electronically/ })
    .getByLabel('No')
    .check()
  const option = page.getByRole('checkbox', { name: 'Winner publication', exact: true })
  // Not offered in Victoria alone, nor without our draw.
  await expect(option).toHaveCount(0)
  await page.getByLabel('Australian Capital Territory').check()
  await expect(option).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Random draw' }).check()
  await expect(option).toBeVisible()
  await option.check()
  await expect(page.getByTestId('fee-summary')).toContainText('Winner publication')
  await expect(page.getByTestId('fee-summary')).toContainText('$100')
  await page.getByRole('button', { name: 'About winner publication' }).click()
  await expect(page.getByRole('dialog', { name: 'Winner publication' })).toBeVisible()
  await page.keyboard.press('Escape')
  await lookAt(page, 'services-winner-publication')

  await page.getByRole('button', { name: 'Create promotion' }).click()
  await expect(page).toHaveURL(/\/promotions\/edit\/\d+\//)
  await expect(page.getByText('Random draw, Winner publication')).toBeVisible()
  const section = page.getByRole('region', { name: 'Winner publication' })
  await expect(section).toHaveText(new RegExp(MSG_WINNER_PUBLICATION_AFTER_DRAW.replace(/[.]/g, '\\.')))
  await expect(page.getByRole('row', { name: /Winner publication/ })).toContainText('$100')
  await lookAt(page, 'dashboard-winner-publication')

  // Taken off on the modify form: the option, its fee and the section go.
  await page.getByRole('link', { name: 'Modify services and states' }).click()
  await expect(page.getByRole('heading', { name: 'Modify promotion' })).toBeVisible()
  await expect(option).toBeChecked()
  await option.uncheck()
  await page.getByRole('button', { name: /Save|Modify/ }).click()
  await expect(page).toHaveURL(/\/promotions\/edit\/\d+\//)
  await expect(page.getByRole('region', { name: 'Winner publication' })).toHaveCount(0)
  await expect(page.getByRole('row', { name: /Winner publication/ })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('one calendar: dates and duties in date order, the next marked, a reminder set from a date', async ({ page }) => {
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'calendar')
  const id = await createPromotion(page.request, 'Autumn draw', { ausStates: { nsw: true, sa: true }, randomDraw: true, winnerPublication: true })
  const startDate = isoDaysFromNow(40)
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  const saved = await page.request.post('/api/promotion/save', {
    data: {
      ...current,
      permit: {
        ...current.permit,
        startDate,
        startTime: '09:00',
        endDate: isoDaysFromNow(70),
        endTime: '17:00',
        requiredDate: isoDaysFromNow(30),
        finalDraw: { date: isoDaysFromNow(72), time: '12:00' },
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  await page.goto(`/promotions/edit/${id}/`)
  const calendar = page.getByRole('region', { name: 'Calendar', exact: true })
  await expect(calendar).toBeVisible()
  // The three overlapping sections are one now.
  await expect(page.getByRole('heading', { name: 'Next key date' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Compliance calendar' })).toHaveCount(0)
  await expect(calendar.getByTestId('date-final-draw')).toBeVisible()
  await expect(calendar.locator('[data-testid^="obligation-"]').first()).toBeVisible()

  // In date order: each entry's date is not before the one above it (read from the keys the screen uses).
  const keys = await calendar.locator('.calendar-entry').evaluateAll((items) => items.map((li) => li.getAttribute('data-testid')!))
  const dates = await (await page.request.get(`/api/Reminder/get?promotionId=${id}`)).json()
  const duties = await (await page.request.get(`/api/promotion/obligations?id=${id}`)).json()
  const dateOf = (key: string) =>
    key.startsWith('date-')
      ? dates.dates.find((d: any) => `date-${d.kind}` === key).date
      : duties.obligations.find((o: any) => `obligation-${o.code}` === key).dueDate
  const ordered = keys.map(dateOf)
  expect(ordered).toEqual([...ordered].sort())
  expect(keys).toHaveLength(dates.dates.length + duties.obligations.length)
  // The next one is the first that is not done and not passed, and only it is marked.
  await expect(calendar.locator('.calendar-entry--next')).toHaveCount(1)
  const next = calendar.locator('.calendar-entry--next')
  await expect(next).toContainText('Next')
  const firstOpen = keys.find(
    (key) =>
      dateOf(key) >= isoDaysFromNow(0) &&
      !(key.startsWith('obligation-') && duties.obligations.find((o: any) => `obligation-${o.code}` === key).status === 'done'),
  )
  await expect(next).toHaveAttribute('data-testid', firstOpen!)
  // Our winner publication service covers the SA publication date.
  await expect(calendar.getByTestId('date-sa-publication-service')).toBeVisible()

  // "Set a reminder" on the start: ticked, saved, and the calendar says so.
  const start = calendar.getByTestId('date-start')
  await expect(start).toContainText(formatDate(startDate))
  await start.getByRole('button', { name: 'Set a reminder' }).click()
  await expect(page.getByTestId('reminder-start').getByRole('checkbox', { name: 'Promotion starts', exact: true })).toBeChecked()
  await expect(page.getByTestId('reminders-save-state')).toHaveText('All changes saved')
  await expect(start).toContainText('Reminder set')
  await page.reload()
  await expect(calendar.getByTestId('date-start')).toContainText('Reminder set for')
  await expect(calendar.getByRole('link', { name: 'Download calendar file (.ics)' })).toBeVisible()
  await expect(calendar.getByRole('button', { name: 'Show my calendar address' })).toBeVisible()
  await lookAt(page, 'dashboard-calendar-one')
  expect(errors).toEqual([])
})

test('the application controls: a reused letter of authority, a draw on randomdraws.com, SA online only', async ({ page }) => {
  // Two screens, each through axe at two sizes, and a silent save on leaving: more than the default minute under load.
  test.setTimeout(180_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'controls', { firstName: 'Ada', lastName: 'Agent', accountName: 'Ada Agency' })
  // An authorised agent (001 §1): the account flag with a business address and a phone.
  const agent = await page.request.post('/api/account/update', {
    data: {
      firstName: 'Ada',
      lastName: 'Agent',
      accountName: 'Ada Agency',
      authorisedAgent: true,
      phone: '0400000000',
      agentBusinessAddress: { lineOne: '1 King William St', suburb: 'Adelaide', state: 'SA', postcode: '5000' },
    },
  })
  expect(agent.status(), await agent.text()).toBe(200)
  const id = await createPromotion(page.request, 'Adelaide draw', {
    ausStates: { sa: true },
    winnersDrawnElectronically: true,
    randomDrawMachineApproved: true,
  })

  await page.goto(`/permit/edit/${id}/peopleroles/`)
  const reused = page.getByRole('checkbox', { name: /the one I lodged for an earlier promotion/ })
  await expect(reused).toHaveCount(0)
  // Ticking asks for the authority statement first: the box is ticked once confirmed.
  await page.getByRole('checkbox', { name: /I hold a letter of authority/ }).click()
  await page.getByRole('dialog', { name: 'Authority statement' }).getByRole('button', { name: 'I confirm' }).click()
  await reused.check()
  await lookAt(page, 'permit-letter-reused')

  await page.goto(`/permit/edit/${id}/entrymethodswinners/`)
  await page.getByRole('group', { name: 'How will winners be decided?' }).getByLabel('Single draw for all prizes').check()
  const dotCom = page.getByRole('group', { name: 'Will the draw be run on randomdraws.com?' })
  await expect(dotCom).toHaveCount(0)
  await page.getByRole('group', { name: 'Will the winners be drawn by computer or machine?' }).getByLabel('Yes').check()
  await dotCom.getByLabel('Yes').check()
  await lookAt(page, 'permit-randomdraws')
  // The next step saves; both answers are read back from the server.
  await page.getByRole('button', { name: 'Next: Prizes' }).click()
  await expect(page.getByRole('heading', { name: 'Step 4 of 6: Prizes' })).toBeVisible()
  await expect
    .poll(async () => {
      const p = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
      return [p.letterOfAuthorityReused, p.usingRandomDrawsDotCom, p.permit.isSAElectronicSubmissionOnly]
    })
    .toEqual([true, true, true])

  await page.goto(`/promotions/edit/${id}/`)
  await expect(page.getByTestId('sa-online-only')).toHaveText(MSG_SA_ELECTRONIC_ONLY_MANAGED)
  await page.goto(`/permit/edit/${id}/entrymethodswinners/`)
  await expect(page.getByRole('group', { name: 'Will the draw be run on randomdraws.com?' }).getByLabel('Yes')).toBeChecked()
  expect(errors).toEqual([])
})
