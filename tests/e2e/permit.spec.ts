/**
 * The permit application wizard end to end (issue 6): an NSW + SA application from empty to
 * "Ready for submission" with an upload, a reuse with undo and a silent save on leaving; a
 * skill promotion's shortened steps.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { customerStatusName, formatDateWithWeekday, MSG_SAVE_VERSION_CONFLICT, MSG_UPLOAD_SUCCESS } from '@permitdesk/shared'
import { signUpCustomer, watchConsole } from './helpers'

/** A confirmed, signed-in customer; the page shares the request context's cookies. */
const signUp = (request: APIRequestContext, prefix: string) =>
  signUpCustomer(request, prefix, { firstName: 'Pat', lastName: 'Permit', accountName: 'Pat Permit Pty Ltd' })

async function createPromotion(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const response = await request.post('/api/promotion/create', {
    data: {
      includeNz: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
      ...data,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()).id
}

const address = { lineOne: '9 Old Street', suburb: 'Parramatta', state: 'NSW', postcode: '2150' }

/** A react-aria date or time field's value, from the input it keeps for forms (`YYYY-MM-DD`, `HH:mm:ss`). */
const fieldValue = (page: Page, path: string) => page.locator(`input[name="${path}"]`).first()

/** Types a date as a person does, day first (dd/mm/yyyy), into a react-aria date field. */
async function typeDate(page: Page, label: string, ddmmyyyy: string) {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click()
  await page.keyboard.type(ddmmyyyy)
}

async function step(page: Page, name: RegExp) {
  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name }).click()
}

test.describe('permit application', () => {
  test('an NSW + SA application from empty to Ready for submission', async ({ page }) => {
    const errors = watchConsole(page)
    await signUp(page.request, 'permit')
    // An earlier promotion with an applicant: reused automatically, and offered for reuse.
    const earlier = await createPromotion(page.request, { name: 'Earlier promotion', ausStates: { vic: true }, totalPrizeValue: 1_000 })
    const opened = await (await page.request.get(`/api/promotion/get?id=${earlier}`)).json()
    const savedEarlier = await page.request.post('/api/promotion/save', {
      data: {
        ...opened,
        versionNumber: opened.versionNumber,
        permit: {
          ...opened.permit,
          applicant: {
            organisation: 'Earlier Co Pty Ltd',
            abnacn: '51824753556',
            businessAddress: address,
            postalSameAsBusiness: true,
            contact: { firstName: 'Eve', lastName: 'Earlier', phone: '0211112222', email: 'eve@earlier.test' },
          },
        },
      },
    })
    expect(savedEarlier.status()).toBe(200)
    const id = await createPromotion(page.request, {
      name: 'Spring giveaway',
      ausStates: { nsw: true, sa: true },
      totalPrizeValue: 20_000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
    })

    await page.goto(`/permit/edit/${id}/`)
    await expect(page.getByRole('heading', { name: 'Step 1 of 6: General' })).toBeVisible()
    const steps = page.getByRole('navigation', { name: 'Application steps' }).getByRole('listitem')
    await expect(steps).toHaveText([/General/, /Applicant/, /Entry\/draw/, /Prizes/, /Attachments/, /Comments/])

    // General: dates and answers are prefilled (001 §5); the rest is typed.
    await expect(page.getByLabel('Promotion name')).toHaveValue('Spring giveaway')
    await expect(fieldValue(page, 'permit.startDate')).not.toHaveValue('')
    // Times read 12-hour with am/pm (issue 17); the form keeps 24-hour values.
    await expect(page.getByRole('group', { name: 'Start time', exact: true })).toHaveText(/9:00\W*am/i)
    await expect(fieldValue(page, 'permit.startTime')).toHaveValue(/^09:00/)
    await expect(fieldValue(page, 'permit.endTime')).toHaveValue(/^15:00/)
    await expect(page.getByRole('group', { name: 'Can people under 18 enter?' }).getByLabel('Yes')).toBeChecked()
    await expect(page.getByRole('group', { name: 'Are any inducements offered to enter?' }).getByLabel('No')).toBeChecked()
    await page.getByRole('group', { name: 'How will the promotion be advertised?' }).getByLabel('Digital and social media').check()
    await page.getByLabel('Products or services promoted').fill('Garden furniture')
    await page.getByRole('button', { name: 'Next: Applicant' }).click()

    // Applicant: the latest applicant was reused automatically for a first-time application.
    await expect(page.getByRole('heading', { name: 'Step 2 of 6: Applicant' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/permit/edit/${id}/peopleroles/$`))
    await expect(page.getByLabel('Organisation (legal name)')).toHaveValue('Earlier Co Pty Ltd')
    await page.getByLabel('Organisation (legal name)').fill('Spring Co Pty Ltd')
    // Reuse with undo: the earlier applicant comes back, and undo restores what was typed.
    const reuse = page.getByTestId('reuse-applicant')
    await reuse.getByText('Reuse a previous applicant').click()
    await reuse.getByLabel('Previous applicant').selectOption({ label: 'Earlier Co Pty Ltd (Earlier promotion)' })
    await reuse.getByRole('button', { name: 'Reuse' }).click()
    await expect(page.getByLabel('Organisation (legal name)')).toHaveValue('Earlier Co Pty Ltd')
    await reuse.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByLabel('Organisation (legal name)')).toHaveValue('Spring Co Pty Ltd')
    await expect(page.getByLabel('First name')).toHaveValue('Eve')
    // SA needs the contact's position: the rule's message shows once the step has been left.
    await page.getByRole('button', { name: 'Next: Entry/draw' }).click()
    await step(page, /Applicant/)
    await expect(page.getByText('Please enter the contact person’s position (required for ACT and SA permits).')).toBeVisible()
    await page.getByLabel('Position').fill('Marketing manager')
    await expect(page.getByText('Please enter the contact person’s position (required for ACT and SA permits).')).toHaveCount(0)

    // A silent save when leaving the screen: the typed position survives going to My Promotions.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My Promotions' }).click()
    await expect(page).toHaveURL(/\/promotions\/$/)
    await expect
      .poll(async () => (await (await page.request.get(`/api/promotion/get?id=${id}`)).json()).permit.applicant?.contact?.position)
      .toBe('Marketing manager')
    await page.goto(`/permit/edit/${id}/peopleroles/`)
    await expect(page.getByLabel('Position')).toHaveValue('Marketing manager')
    await page.getByRole('button', { name: 'Next: Entry/draw' }).click()

    // Entry/draw.
    await expect(page.getByRole('heading', { name: 'Step 3 of 6: Entry/draw' })).toBeVisible()
    await page.getByRole('group', { name: 'How can people enter?' }).getByLabel('Internet').check()
    await page.getByLabel('Entry website').fill('www.springco.com.au/win')
    await page.getByLabel('How to enter (entry mechanic)').fill('Buy any garden chair and enter the code on the receipt at our website.')
    await page.getByRole('group', { name: 'How will winners be decided?' }).getByLabel('Single draw for all prizes').check()
    await page.getByRole('group', { name: 'Will the winners be drawn by computer or machine?' }).getByLabel('No').check()
    await page.getByRole('group', { name: 'Are there several draw dates?' }).getByLabel('No').check()
    await typeDate(page, 'Final draw date', '10012027')
    await expect(page.getByRole('group', { name: 'Final draw date', exact: true })).toHaveText(/10\W*\/\W*01\W*\/\W*2027/)
    await expect(fieldValue(page, 'permit.finalDraw.date')).toHaveValue('2027-01-10')
    await expect(fieldValue(page, 'permit.finalDraw.time')).toHaveValue(/^15:00/)
    await page.getByLabel('Organisation where the draw takes place').fill('Spring Co Pty Ltd')
    const drawAddress = page.getByRole('group', { name: 'Draw location address', exact: true })
    await drawAddress.getByLabel('Street address', { exact: true }).fill('1 Garden Road')
    await drawAddress.getByLabel('Suburb').fill('Adelaide')
    await drawAddress.getByLabel('State').selectOption('SA')
    await drawAddress.getByLabel('Postcode').fill('5000')
    // NSW above $10,000 with a drawn method: the scrutineer question (001 §5).
    await page.getByRole('group', { name: 'Will a scrutineer oversee the draw?' }).getByLabel('No').check()
    // The unclaimed draw and notification dates follow the final draw (001 §5).
    await expect(fieldValue(page, 'permit.unclaimedDraw.date')).toHaveValue('2027-04-10')
    await expect(fieldValue(page, 'permit.finalDraw.notification.date')).toHaveValue('2027-01-12')
    await page.getByRole('group', { name: 'Are there several unclaimed prize draw dates?' }).getByLabel('No').check()
    await page.getByRole('button', { name: 'Same as final draw' }).click()
    await page.getByLabel('How will winners be notified?').selectOption({ label: 'Email' })
    await page.getByRole('button', { name: 'Next: Prizes' }).click()

    // Prizes.
    await expect(page.getByRole('heading', { name: 'Step 4 of 6: Prizes' })).toBeVisible()
    await page.getByRole('group', { name: 'What kinds of prizes are offered?' }).getByLabel('Travel').check()
    await page.getByLabel('Number of prizes').fill('2')
    await page.getByLabel('Description of the prizes').fill('Two garden holidays for two in the Barossa')
    await page.getByLabel('Value of the most valuable prize').fill('10,000')
    await page.getByLabel('Prize value for NSW').fill('20000')
    await page.getByLabel('Prize value for SA').fill('20000')
    await page.getByRole('button', { name: 'Next: Attachments' }).click()

    // Attachments: the terms and the advertisement, with the upload message.
    await expect(page.getByRole('heading', { name: 'Step 5 of 6: Attachments' })).toBeVisible()
    const pdf = (name: string) => ({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
    })
    await page.getByLabel('Upload Terms and conditions').setInputFiles(pdf('spring-terms.pdf'))
    await expect(page.getByText(MSG_UPLOAD_SUCCESS).first()).toBeVisible()
    await expect(page.getByText(/Uploaded spring-terms\.pdf/)).toBeVisible()
    await page.getByLabel('Upload Proposed advertisement or notice').setInputFiles(pdf('spring-advert.pdf'))
    await expect(page.getByText(/Uploaded spring-advert\.pdf/)).toBeVisible()
    await page.getByRole('button', { name: 'Next: Comments' }).click()

    // Every step is complete: the status moves to Ready for submission.
    await expect(page.getByRole('heading', { name: 'Step 6 of 6: Comments' })).toBeVisible()
    await page.getByLabel('Comments (optional)').fill('Thank you.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('save-status')).toHaveText('Saved')
    await expect(page.getByTestId('application-complete')).toContainText(customerStatusName(2))
    await expect(page.getByTestId('save-status')).toHaveText('', { timeout: 5000 })

    // The working PDF of the application as it stands.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download working PDF' }).click()
    await expect(page.getByText('Download starting...')).toBeVisible()
    expect((await download).suggestedFilename()).toBe(`working-application-${id}.pdf`)

    await page.getByRole('button', { name: 'Save and finish' }).click()
    await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
    await expect(page.getByTestId('status')).toContainText(customerStatusName(2))

    expect(errors).toEqual([])
  })

  test('a skill promotion shows the shortened steps, with Promoter for Applicant', async ({ page }) => {
    await signUp(page.request, 'skill')
    const id = await createPromotion(page.request, { name: 'Best photo', ausStates: { nsw: true }, totalPrizeValue: 5_000, skillsBasedTC: true })
    await page.goto(`/permit/edit/${id}/`)
    const steps = page.getByRole('navigation', { name: 'Application steps' }).getByRole('listitem')
    await expect(steps).toHaveText([/General/, /Promoter/, /Entry\/draw/, /Prizes/])
    await expect(page.getByRole('heading', { name: 'Step 1 of 4: General' })).toBeVisible()
    // The attachments step does not exist for it: its route falls back to the first step.
    await page.goto(`/permit/edit/${id}/attachments/`)
    await expect(page).toHaveURL(new RegExp(`/permit/edit/${id}/$`))
    await step(page, /Entry\/draw/)
    await expect(page.getByRole('heading', { name: 'Final prize draw' })).toHaveCount(0)
  })

  test('a save from a stale copy is refused with the save-error modal, offering contact or refresh', async ({ page }) => {
    await signUp(page.request, 'stale')
    const id = await createPromotion(page.request, { name: 'Two windows', ausStates: { vic: true }, totalPrizeValue: 1_000 })
    await page.goto(`/permit/edit/${id}/`)
    await expect(page.getByLabel('Promotion name')).toHaveValue('Two windows')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('save-status')).toHaveText('Saved')
    // Another window saves in between.
    const other = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
    expect(
      (await page.request.post('/api/promotion/save', { data: { ...other, name: 'From the other window', versionNumber: other.versionNumber } })).status(),
    ).toBe(200)

    await page.getByLabel('Promotion name').fill('From this window')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Your application could not be saved' })
    await expect(dialog).toContainText(MSG_SAVE_VERSION_CONFLICT)
    await expect(dialog.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/)
    await expect(page.getByTestId('save-status')).toHaveText('Not saved')
    await dialog.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByLabel('Promotion name')).toHaveValue('From the other window')
  })

  test("the first step before the date pickers' code has arrived: the start-date notice, the saved dates, and a date typed into its box kept", async ({
    page,
  }) => {
    await signUp(page.request, 'early-date')
    const id = await createPromotion(page.request, { name: 'Early dates', ausStates: { nsw: true }, totalPrizeValue: 20_000, hasNswAuthority: false })
    const opened = await (await page.request.get(`/api/promotion/get?id=${id}`)).json()
    // Starts in three days: less than 10 business days away.
    const soon = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' })
    const saved = await page.request.post('/api/promotion/save', {
      data: { ...opened, versionNumber: opened.versionNumber, permit: { ...opened.permit, startDate: soon, startTime: '09:30' } },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    // Hold back the date pickers' code (it loads when a date field is first focused or pressed).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/app\/assets\/date-fields-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`/permit/edit/${id}/details/`)
    await expect(page.getByRole('status').filter({ hasText: 'Your promotion starts in less than 10 business days.' })).toBeVisible()
    // Each field stands as its box, showing its saved value the way the picker will; no picker is drawn.
    const [year, month, day] = soon.split('-')
    await expect(page.getByRole('group', { name: 'Start date', exact: true })).toHaveText(`${day}/${month}/${year}`)
    await expect(page.locator('#field-permit-startTime')).toContainText('9:30')
    await expect(page.locator('.ui-field[data-rac]')).toHaveCount(0)
    // Issue 25: the chosen date also reads in the product's one format, from the first paint (the box), announced with the field.
    await expect(page.locator('#field-permit-startDate').getByTestId('chosen-date')).toHaveText(formatDateWithWeekday(soon))
    await expect(page.getByRole('group', { name: 'Start date', exact: true }).getByRole('spinbutton').first()).toHaveAccessibleDescription(
      new RegExp(`^${formatDateWithWeekday(soon)}`),
    )

    // Pressed and typed into before the picker exists: the picker, once here, has the date.
    await page.getByRole('group', { name: 'End date', exact: true }).getByRole('spinbutton', { name: /^day/ }).click()
    await page.keyboard.type('31122031')
    release()
    await expect(fieldValue(page, 'permit.endDate')).toHaveValue('2031-12-31')
    await expect(page.getByRole('group', { name: 'End date', exact: true }).getByRole('spinbutton', { name: /year/ })).toHaveText('2031')
    await expect(page.locator('#field-permit-endDate [data-rac]').first()).toBeAttached()
    // The others are still their boxes, with their values.
    await expect(page.locator('#field-permit-startDate [data-pending-date-field]')).toBeAttached()
    await expect(fieldValue(page, 'permit.startDate')).toHaveValue(soon)
    await expect(page.getByRole('group', { name: 'Start date', exact: true }).getByRole('spinbutton').first()).toHaveText(day)
  })

  test('the date fields by keyboard alone: each is drawn where the focus comes to it, typed into and left by Tab; a press on a calendar button opens it', async ({
    page,
  }) => {
    await signUp(page.request, 'date-keys')
    const id = await createPromotion(page.request, { name: 'Date keys', ausStates: { nsw: true }, totalPrizeValue: 20_000, hasNswAuthority: false })
    await page.goto(`/permit/edit/${id}/details/`)
    await expect(page.getByRole('heading', { name: 'Step 1 of 6: General' })).toBeVisible()
    // Every date field is a box until a person comes to it.
    await expect(page.locator('[data-pending-date-field]')).toHaveCount(5)
    await expect(page.locator('.ui-field[data-rac]')).toHaveCount(0)
    const focused = page.locator(':focus')

    await page.getByLabel('Promotion name').focus()
    await page.keyboard.press('Tab')
    // The start date's picker, drawn with the focus on its day: what the keyboard came to.
    await expect(focused).toHaveAttribute('aria-label', 'day, ')
    await expect(focused).toHaveAttribute('data-rac', '')
    await expect(page.locator('.ui-field[data-rac]')).toHaveCount(1)
    await page.keyboard.type('01032031')
    await expect(fieldValue(page, 'permit.startDate')).toHaveValue('2031-03-01')
    // Issue 25: the typed date reads '01/03/2031' in its segments; under the field it reads in the one date format, announced with it.
    await expect(page.locator('#field-permit-startDate').getByTestId('chosen-date')).toHaveText('Saturday 1 Mar 2031')
    await expect(page.getByRole('group', { name: 'Start date', exact: true }).getByRole('spinbutton', { name: /^day/ })).toHaveAccessibleDescription(
      /Saturday 1 Mar 2031$/,
    )
    // Tab: the calendar button, then the start time's hour, drawn as the focus comes to it.
    await page.keyboard.press('Tab')
    await expect(focused).toHaveAccessibleName('Open calendar Start date')
    await page.keyboard.press('Tab')
    await expect(focused).toHaveAttribute('data-type', 'hour')
    await expect(focused).toHaveAttribute('data-rac', '')
    await page.keyboard.type('930p')
    await expect(fieldValue(page, 'permit.startTime')).toHaveValue('21:30:00')
    await expect(page.getByRole('group', { name: 'Start time', exact: true })).toContainText('9:30')
    // Tab on: the end date's day, drawn; Shift+Tab back into the start time, already drawn. Only the fields reached are drawn.
    await page.keyboard.press('Tab')
    await expect(focused).toHaveAttribute('aria-label', 'day, ')
    await expect(page.locator('#field-permit-endDate .ui-field[data-rac]')).toBeAttached()
    await expect(page.getByRole('group', { name: 'End date', exact: true }).getByRole('spinbutton', { name: /^day/ })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(focused).toHaveAttribute('data-type', 'dayPeriod')
    await expect(page.locator('.ui-field[data-rac]')).toHaveCount(3)
    await expect(page.locator('[data-pending-date-field]')).toHaveCount(2)

    // A pointer on the required date's calendar button: its picker, drawn with the calendar open.
    const required = page.getByRole('group', { name: 'Date the permits are needed by', exact: true })
    await required.getByRole('button', { name: 'Open calendar' }).click()
    await expect(page.getByRole('dialog', { name: 'Calendar' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Calendar' })).toHaveCount(0)
    await expect(required.getByRole('button', { name: 'Open calendar' })).toHaveAttribute('data-rac', '')
  })

  for (const width of [390, 412, 1280]) {
    test(`the first step draws without a layout shift at ${width} px (issue 25: CLS 0)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 })
      await signUp(page.request, `cls-${width}`)
      const id = await createPromotion(page.request, { name: 'Steady', ausStates: { nsw: true }, totalPrizeValue: 20_000, hasNswAuthority: false })
      // Every layout shift from the start of the load (buffered), summed as the CLS metric counts them (none after input here).
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number }
        w.__shift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(`/permit/edit/${id}/details/`)
      // Drawn to the end: the step's last field, its buttons and the side panel.
      await expect(page.getByLabel('Products or services promoted')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Next: Applicant' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Compliance' })).toBeVisible()
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0)
      if (width < 1000) {
        // On a phone the header's Save starts at the left edge, under the title: no empty save-status box before it.
        const save = (await page.locator('.permit-tools').getByRole('button', { name: 'Save', exact: true }).boundingBox())!
        const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!
        expect(Math.abs(save.x - title.x)).toBeLessThan(2)
      }
    })
  }
})
