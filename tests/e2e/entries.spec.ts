/**
 * Issue 27, entry collection in the browser: the promoter builds and opens the form; a person
 * enters on a phone with the keyboard alone; the embed works on a plain HTML page of another
 * origin; the promoter finds the entries, masked. axe on every screen, screenshots at 1280 and 390.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import {
  MSG_ENTRY_EMAIL_REQUIRED,
  MSG_ENTRY_ERRORS_TITLE,
  MSG_ENTRY_FORM_NOT_FOUND,
  MSG_ENTRY_FORM_NOT_FOUND_TITLE,
  MSG_ENTRY_FORM_SAVED,
  MSG_CONTACT_NAME_REQUIRED,
  MSG_ENTRY_RECEIPT_FILE_REQUIRED,
  MSG_ENTRY_RECEIPT_FILE_TYPE,
  ENTRY_RECEIPT_FILE_LABEL,
  addDays,
  addYears,
  sydneyDateOf,
} from '@permitdesk/shared'
import { repoRoot, signUpCustomer, waivePaymentAsStaff, watchConsole, SCREENS_DIR } from './helpers'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
/** A one-pixel PNG: a receipt photo as its bytes say. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function look(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
  ).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true })
}

/** Presses Tab until the element is focused (at most `max` times): the keyboard's way to a field. */
async function tabTo(page: Page, locator: ReturnType<Page['getByLabel']>, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await locator.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(locator).toBeFocused()
}

test('the promoter opens a form, a person enters on a phone with the keyboard alone, the embed works on a plain page, and the promoter sees the entries masked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const errors = watchConsole(page)
  await page.setViewportSize(DESKTOP)
  await signUpCustomer(page.request, 'e2e-entries')
  const created = await page.request.post('/api/promotion/create', {
    data: { name: 'Summer beach giveaway', ausStates: { nsw: true, act: true }, totalPrizeValue: 10_000, winnersDrawnElectronically: false, randomDraw: true },
  })
  expect(created.status(), await created.text()).toBe(200)
  const promotionId = (await created.json()).id as number
  const today = sydneyDateOf(new Date())
  const current = await (await page.request.get(`/api/promotion/get?id=${promotionId}`)).json()
  const saved = await page.request.post('/api/promotion/save', {
    data: {
      ...current,
      permit: {
        ...current.permit,
        startDate: addDays(today, -1),
        startTime: '09:00',
        endDate: addDays(today, 20),
        endTime: '17:00',
        entriesPerDay: 1,
        under18s: false,
      },
      versionNumber: current.versionNumber,
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await waivePaymentAsStaff(browser, promotionId, ['draw'])

  // The promoter: from the dashboard to the entry form; asks for the state, adds a consent box, saves, opens.
  await page.goto(`/promotions/edit/${promotionId}/`)
  await page.getByRole('link', { name: 'Entries' }).click()
  await expect(page).toHaveURL(new RegExp(`/promotions/entries/${promotionId}/$`))
  await expect(page.getByRole('heading', { name: 'Entry form' })).toBeVisible()
  await page.getByRole('group', { name: 'State or territory' }).getByLabel('Required').check()
  await page.getByRole('group', { name: 'Date of birth' }).getByLabel('Required').check()
  await page.getByRole('group', { name: ENTRY_RECEIPT_FILE_LABEL }).getByLabel('Required').check()
  await page.getByRole('button', { name: 'Add a consent box' }).click()
  await page.getByLabel('Box 1 text').fill('I have read and accept the terms and conditions')
  await page.getByRole('button', { name: 'Save the form' }).click()
  await expect(page.getByRole('status').filter({ hasText: MSG_ENTRY_FORM_SAVED })).toBeVisible()
  await page.getByRole('button', { name: 'Open the form' }).click()
  await expect(page.getByText('Open', { exact: true })).toBeVisible()
  const formUrl = (await page.getByLabel('Link to the form').textContent())!.trim()
  const code = /\/enter\/([^/]+)\/$/.exec(formUrl)![1]!
  // The preview shows the collection notice entrants will read, with the promoter named.
  const preview = page.getByRole('group', { name: 'Preview of the entry form' })
  await expect(preview.getByRole('region', { name: 'Collection notice' })).toContainText(/collects your details to run this promotion/)
  await expect(preview.getByLabel(ENTRY_RECEIPT_FILE_LABEL)).toBeVisible()
  await look(page, 'entries-builder-1280')
  await page.setViewportSize(PHONE)
  await look(page, 'entries-builder-390')

  // A person on a phone, keyboard only.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const entrant = await phone.newPage()
  const entrantErrors = watchConsole(entrant)
  await entrant.goto(`/enter/${code}/`)
  await expect(entrant.getByRole('heading', { level: 1, name: 'Summer beach giveaway' })).toBeVisible()
  await expect(entrant.getByText(/collects your details to run this promotion/)).toBeVisible()
  await look(entrant, 'entries-hosted-form-390')
  // Sending it empty: the errors are announced and focus goes to them.
  await tabTo(entrant, entrant.getByRole('button', { name: 'Enter' }))
  await entrant.keyboard.press('Enter')
  const alert = entrant.getByRole('alert').filter({ hasText: MSG_ENTRY_ERRORS_TITLE })
  await expect(alert).toContainText(MSG_CONTACT_NAME_REQUIRED)
  await expect(alert).toContainText(MSG_ENTRY_EMAIL_REQUIRED)
  await expect(alert).toContainText(MSG_ENTRY_RECEIPT_FILE_REQUIRED)
  await expect(entrant.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await look(entrant, 'entries-hosted-form-errors-390')
  const dob = addYears(today, -30).split('-')
  const typeInto = async (label: string | RegExp, text: string) => {
    const field = entrant.getByLabel(label, { exact: typeof label === 'string' })
    await tabTo(entrant, field)
    await entrant.keyboard.type(text)
  }
  await entrant.keyboard.press('Shift+Tab') // back from the summary into the page's order
  await typeInto('Full name', 'Robin Sands')
  await typeInto('Email address', 'robin.sands@example.com')
  await typeInto('Postcode', '2000')
  await tabTo(entrant, entrant.getByLabel('State or territory'))
  await entrant.keyboard.press('ArrowDown')
  await expect(entrant.getByLabel('State or territory')).not.toHaveValue('')
  await typeInto('Day', dob[2]!)
  await typeInto('Month', dob[1]!)
  await typeInto('Year', dob[0]!)
  // The receipt: a program named like a photo is refused by its bytes; then a real photo, chosen with the keyboard.
  const picker = entrant.getByLabel(ENTRY_RECEIPT_FILE_LABEL)
  const chooseFile = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await tabTo(entrant, picker)
    const chooser = entrant.waitForEvent('filechooser')
    await entrant.keyboard.press('Space')
    await (await chooser).setFiles(file)
  }
  await chooseFile({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]) })
  await tabTo(entrant, entrant.getByLabel(/I have read and accept/))
  await entrant.keyboard.press('Space')
  await tabTo(entrant, entrant.getByRole('button', { name: 'Enter' }))
  await entrant.keyboard.press('Enter')
  await expect(entrant.getByRole('alert').filter({ hasText: MSG_ENTRY_ERRORS_TITLE })).toContainText(MSG_ENTRY_RECEIPT_FILE_TYPE)
  await expect(picker).toHaveAttribute('aria-invalid', 'true')
  await chooseFile({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG })
  await tabTo(entrant, entrant.getByRole('button', { name: 'Enter' }))
  await entrant.keyboard.press('Enter')
  const done = entrant.getByRole('status').filter({ hasText: 'Your entry number is' })
  await expect(done).toBeVisible()
  await expect(done).toBeFocused()
  const entryNumber = /Your entry number is (\d+)/.exec((await done.textContent())!)![1]!
  await look(entrant, 'entries-hosted-form-done-390')
  // The one console line is the browser's note of the deliberate empty submission's 400.
  // The console lines are the browser's notes of the deliberate 400s (empty form, the program as a receipt).
  expect(entrantErrors).toEqual(Array(2).fill('Failed to load resource: the server responded with a status of 400 (Bad Request)'))
  await entrant.setViewportSize({ width: 1280, height: 900 })
  await entrant.goto(`/enter/${code}/`)
  await expect(entrant.getByLabel('Full name')).toBeVisible()
  await look(entrant, 'entries-hosted-form-1280')
  await phone.close()

  // The embed on a plain HTML page of another origin (served here): the script puts the form in a frame that fits it.
  const origin = new URL(page.url()).origin
  const html = fs.readFileSync(path.join(repoRoot, 'tests/e2e/fixtures/embed.html'), 'utf8').replaceAll('{{ORIGIN}}', origin).replaceAll('{{CODE}}', code)
  const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  try {
    const visitor = await browser.newPage({ viewport: DESKTOP })
    await visitor.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`)
    const frame = visitor.frameLocator('iframe[title="Entry form"]')
    await expect(frame.getByRole('heading', { level: 1, name: 'Summer beach giveaway' })).toBeVisible()
    // The frame grows to the form (the form posts its height): no scrollbar inside.
    const frameHeight = async () => (await visitor.locator('iframe[title="Entry form"]').boundingBox())?.height ?? 0
    await expect.poll(frameHeight).toBeGreaterThan(700)
    const withForm = await frameHeight()
    await frame.getByLabel('Full name').fill('Alex Embed')
    await frame.getByLabel('Email address').fill('alex.embed@example.com')
    await frame.getByLabel('Postcode').fill('2600')
    await frame.getByLabel('State or territory').selectOption('ACT')
    await frame.getByLabel('Day').fill(dob[2]!)
    await frame.getByLabel('Month').fill(dob[1]!)
    await frame.getByLabel('Year').fill(dob[0]!)
    await frame
      .getByLabel(ENTRY_RECEIPT_FILE_LABEL)
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') })
    await frame.getByLabel(/I have read and accept/).check()
    await frame.getByRole('button', { name: 'Enter' }).click()
    await expect(frame.getByRole('status').filter({ hasText: 'Your entry number is' })).toBeVisible()
    // ... and shrinks to the confirmation.
    await expect.poll(frameHeight).toBeLessThan(withForm - 200)
    await visitor.screenshot({ path: path.join(SCREENS_DIR, 'entries-embed-1280.png'), fullPage: true })
    await visitor.close()
  } finally {
    site.close()
  }

  // The promoter's table: two entries, masked; search by entry number; refusals none yet.
  await page.setViewportSize(DESKTOP)
  await page.reload()
  const table = page.getByRole('region', { name: 'Entries, scrollable', exact: true })
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table).toContainText('r***@example.com')
  await expect(table).not.toContainText('robin.sands')
  await expect(table).toContainText('Embedded form')
  // Each entry's receipt downloads for the promoter: the bytes the entrant sent.
  const receipt = await page.request.get((await table.getByRole('link', { name: `Download the receipt file of entry ${entryNumber}` }).getAttribute('href'))!)
  expect(receipt.status()).toBe(200)
  expect(Buffer.from(await receipt.body()).equals(RECEIPT_PNG)).toBe(true)
  await page.getByLabel('Entry number or e-mail').fill(entryNumber)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText('R. S.')
  await page.getByLabel('Entry number or e-mail').fill('')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(table.getByRole('row')).toHaveCount(3)
  await page.getByLabel('Entrant’s e-mail address').fill('Robin.Sands@example.com')
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByText('1 entry found.')).toBeVisible()
  await look(page, 'entries-table-1280')
  await page.setViewportSize(PHONE)
  // Each entry is a card of labelled lines: no column (the e-mail, the receipt) is out of view sideways.
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await look(page, 'entries-table-390')
  expect(errors).toEqual([])
})

test('a mistyped form address says so in words, with a title, and passes axe', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await phone.newPage()
  await page.goto('/enter/no-such-form/')
  await expect(page.getByRole('heading', { level: 1, name: MSG_ENTRY_FORM_NOT_FOUND_TITLE })).toBeVisible()
  await expect(page.getByText(MSG_ENTRY_FORM_NOT_FOUND)).toBeVisible()
  await expect(page).toHaveTitle(MSG_ENTRY_FORM_NOT_FOUND_TITLE)
  await look(page, 'entries-hosted-form-not-found-390')
  await phone.close()
})
