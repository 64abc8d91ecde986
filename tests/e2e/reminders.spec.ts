/**
 * Issue 16 end to end: a promoter makes a distribution list on the dashboard, sets a reminder
 * for it, sees it on the dashboard with the dates and days left, and downloads the calendar file
 * (one event per duty of the compliance calendar, issue #30).
 */
import fs from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { addDays, daysLeft, formatDate } from '@permitdesk/shared'
import ical from 'node-ical'
import { repoRoot, signUpCustomer, watchConsole, createPromotion } from './helpers'

const signUp = (request: APIRequestContext) => signUpCustomer(request, 'reminders', { firstName: 'Rita', lastName: 'Reminder', accountName: 'Rita Promotions' })

function isoDaysFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test('set a reminder for a list, see it on the dashboard, download the calendar file', async ({ page }) => {
  const errors = watchConsole(page)
  await signUp(page.request)
  const id = await createPromotion(page.request, 'Spring draw', { ausStates: { nsw: true } })
  const startDate = isoDaysFromNow(30)
  const current = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
  const saved = await page.request.post('/api/promotion/save', {
    data: {
      ...current,
      versionNumber: current.versionNumber ?? current.version,
      permit: { ...current.permit, startDate, startTime: '09:00', endDate: isoDaysFromNow(60), endTime: '15:00', requiredDate: isoDaysFromNow(23) },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  await page.goto(`/promotions/edit/${id}/`)
  // Issue 25: one calendar holds the dates (and the rules' duties) with their days left.
  await expect(page.getByRole('region', { name: 'Calendar', exact: true })).toBeVisible()
  await expect(page.getByTestId('date-required-date')).toContainText('Lodgement deadline')
  await expect(page.getByTestId('date-required-date')).toContainText(`${daysLeft(isoDaysFromNow(23), { now: new Date() })} days left`)
  await expect(page.getByTestId('date-start')).toContainText(formatDate(startDate))
  await expect(page.getByTestId('date-start')).toContainText(`${daysLeft(startDate, { now: new Date() })} days left`)

  // Issue 25: only the reminders of this promotion's states are offered (NSW: its authority; not ACT's or SA's winner publication).
  await expect(page.getByTestId('reminder-nsw-authority-expiry')).toBeVisible()
  await expect(page.getByTestId('reminder-act-publication')).toHaveCount(0)
  await expect(page.getByTestId('reminder-sa-publication')).toHaveCount(0)

  // Issue 25: ticks save as they are made, and making a list in between loses none of them.
  const start = page.getByTestId('reminder-start')
  await start.getByRole('checkbox', { name: 'Promotion starts', exact: true }).check()
  await start.getByLabel('Promotion starts: days before').fill('2')
  await start.getByLabel('Me').uncheck()
  await expect(page.getByTestId('reminders-save-state')).toHaveText('All changes saved')

  // A list, made on the dashboard by pasting addresses (one bad row reported by its line).
  await page.getByLabel('New list name').fill('Event team')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('heading', { name: 'Event team' })).toBeVisible()
  await page.getByLabel('Add addresses to Event team').fill('sam@example.test\nnot an address\nkim@example.test')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Line 2: "not an address" is not a valid e-mail address.')
  await expect(page.getByTestId('list-Event team').getByRole('listitem')).toHaveText([/sam@example.test/, /kim@example.test/])

  // The start reminder kept its ticks across the list's creation: two days before, not to me; now to the list.
  await expect(start.getByRole('checkbox', { name: 'Promotion starts', exact: true })).toBeChecked()
  await expect(start.getByLabel('Promotion starts: days before')).toHaveValue('2')
  await expect(start.getByLabel('Me')).not.toBeChecked()
  await start.getByLabel('Event team').check()
  await expect(page.getByTestId('reminders-save-state')).toHaveText('All changes saved')
  await expect(page.getByTestId('reminder-status-start')).toHaveText(`Scheduled: ${formatDate(addDays(startDate, -2))} to Event team`)
  await expect(page.locator('.dates-reminders fieldset')).toHaveCount(0)
  fs.mkdirSync(`${repoRoot}/tests/e2e/screens`, { recursive: true })
  for (const [size, viewport] of Object.entries({ desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(viewport)
    await page.getByTestId('reminder-start').screenshot({ path: `${repoRoot}/tests/e2e/screens/reminders-start-${size}.png` })
    await page.locator('.dates-reminders').screenshot({ path: `${repoRoot}/tests/e2e/screens/reminders-${size}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // Still there after a reload: read back from the server.
  await page.reload()
  await expect(page.getByTestId('reminder-status-start')).toHaveText(`Scheduled: ${formatDate(addDays(startDate, -2))} to Event team`)

  // The calendar file of the promotion's dates.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download calendar file (.ics)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`promotion-${id}-dates.ics`)
  const events = Object.values(ical.sync.parseICS(fs.readFileSync((await download.path())!, 'utf8'))).filter((c: any) => c.type === 'VEVENT') as any[]
  // Issue #30: one event per duty of the compliance calendar (NSW alone: the authority and the notification).
  const { obligations } = await (await page.request.get(`/api/promotion/obligations?id=${id}`)).json()
  expect(events.map((e) => String(e.summary)).sort()).toEqual([
    'NSW: Hold an NSW trade promotion authority: Spring draw',
    'NSW: Notify NSW of the promotion: Spring draw',
  ])
  expect(events).toHaveLength(obligations.length)
  expect(errors).toEqual([])
})
