/**
 * Terms and conditions end to end (issue 14): the customer drafts their T&Cs from the dashboard,
 * regenerates them after changing the application, compares the two versions and approves them
 * in a dialog that keyboard and backdrop cannot dismiss; the hosted page then shows them.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { PRIZE_CATEGORY_FLAGS } from '@permitdesk/shared'
import { signUpCustomer, waivePaymentAsStaff, watchConsole, createPromotion } from './helpers'

const signUp = (request: APIRequestContext) => signUpCustomer(request, 'terms', { firstName: 'Tess', lastName: 'Terms', accountName: 'Tess Terms Pty Ltd' })

const address = { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' }

async function saveApplication(request: APIRequestContext, id: number, prizeDescription: string) {
  const current = await (await request.get(`/api/promotion/get?id=${id}`)).json()
  const response = await request.post('/api/promotion/save', {
    data: {
      ...current,
      versionNumber: current.versionNumber,
      prizeDescription,
      prizeQuantityTotal: 1,
      prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.travel,
      permit: {
        ...current.permit,
        startDate: '2027-03-01',
        startTime: '09:00',
        endDate: '2027-03-31',
        endTime: '17:00',
        entryMechanic: 'Buy any sunscreen and enter the code from the receipt online.',
        finalDraw: { date: '2027-04-07', time: '11:00', locationAddress: address, locationOrganisation: 'Tess Terms Pty Ltd' },
        applicant: { organisation: 'Tess Terms Pty Ltd', abnacn: '51824753556', businessAddress: address, postalSameAsBusiness: true },
      },
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test('the customer opens the T&Cs from the dashboard, compares two versions and approves', async ({ page, browser }) => {
  const errors = watchConsole(page)
  await signUp(page.request)
  const id = await createPromotion(page.request, 'Sunny giveaway', { ausStates: { nsw: true }, termsAndConditions: true })
  await saveApplication(page.request, id, 'A week in Fiji for two')
  await waivePaymentAsStaff(browser, id, ['terms']) // issue 22: approval waits for payment; this spec is about the T&Cs

  await page.goto(`/promotions/edit/${id}/`)
  const panel = page.getByRole('region', { name: 'Terms and conditions', exact: true })
  await expect(panel.getByTestId('terms-status')).toHaveText('Not drafted yet')
  await panel.getByRole('button', { name: 'Draft my terms and conditions' }).click()
  await expect(panel.getByTestId('terms-status')).toHaveText('Awaiting your approval')
  await panel.getByRole('button', { name: 'View the terms and conditions' }).click()
  const document = panel.getByTestId('terms-document')
  await expect(document.getByRole('heading', { name: 'Sunny giveaway: Terms and conditions' })).toBeVisible()
  await expect(document).toContainText('Tess Terms Pty Ltd (ABN 51 824 753 556)')
  await expect(document).toContainText('A week in Fiji for two')
  await expect(document.getByRole('heading', { name: 'Travel prizes' })).toBeVisible()

  // Pressing "Regenerate" with nothing changed makes no version and says so (issue 28).
  await panel.getByRole('button', { name: 'Regenerate from my application' }).click()
  await expect(panel.getByTestId('terms-notice')).toHaveText('Nothing has changed since version 1, so no new version was made: version 1 is current.')
  await expect(panel.getByTestId('terms-version')).toHaveText('1')
  const axe = await new AxeBuilder({ page }).include('.terms-panel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  await panel.screenshot({ path: 'tests/e2e/screens/terms-unchanged-desktop.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(panel.getByTestId('terms-document')).toContainText('The promoter of Sunny giveaway')
  await panel.screenshot({ path: 'tests/e2e/screens/terms-unchanged-phone.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The customer changes the prize and regenerates: version 2, which says why.
  await saveApplication(page.request, id, 'Two weeks in Bali for two')
  await page.reload()
  await panel.getByRole('button', { name: 'Regenerate from my application' }).click()
  await expect(panel.getByTestId('terms-version')).toHaveText('2')
  await expect(panel.getByRole('listitem').filter({ hasText: /^Version 2, regenerated after a change to the application/ })).toBeVisible()
  await expect(panel.getByTestId('terms-notice')).toHaveCount(0)

  // Compare version 1 with version 2.
  await panel.getByLabel('Compare version').selectOption('1')
  await panel.getByLabel('with version').selectOption('2')
  await panel.getByRole('button', { name: 'Compare' }).click()
  const diff = panel.getByTestId('terms-diff')
  await expect(diff.locator('del')).toContainText(['Prizes: A week in Fiji for two. Number of prizes: 1.'])
  await expect(diff.locator('ins')).toContainText(['Prizes: Two weeks in Bali for two. Number of prizes: 1.'])

  // The approval dialog: neither Escape nor a click on the backdrop closes it.
  await panel.getByRole('button', { name: 'Approve terms and conditions' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Approve terms and conditions' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await expect(page.getByTestId('terms-status')).toHaveText('Approved')
  // The approved version becomes attachment B through the `terms.approved` subscriber (issue 31).
  const attachmentB = async () =>
    ((await (await page.request.get(`/api/promotion/get?id=${id}`)).json()).attachments as { attachmentType: { code: string }; userFileName?: string }[]).find(
      (a) => a.attachmentType.code === 'B',
    )?.userFileName
  await expect.poll(attachmentB, { timeout: 30_000 }).toBe('terms-and-conditions-v2.pdf')

  // The hosted page is public: a fresh browser context with no session reads it.
  const hostedUrl = await page.getByTestId('hosted-url').textContent()
  const visitor = await page.context().browser()!.newContext()
  const hosted = await visitor.newPage()
  await hosted.goto(new URL(hostedUrl!).pathname)
  await expect(hosted.getByRole('heading', { name: 'Sunny giveaway: Terms and conditions' })).toBeVisible()
  await expect(hosted.getByText(/^Version 2, approved /)).toBeVisible()
  await visitor.close()
  expect(errors).toEqual([])
})
