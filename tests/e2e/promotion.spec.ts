import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import {
  customerStatusName,
  LABEL_NO_PERMIT_NEEDED,
  MSG_NO_ARCHIVED_PROMOTIONS,
  msgNoPromotionsMatch,
  MSG_COMPLETE_ALL_FORM_FIELDS,
  MSG_NO_PERMIT_BASE_FEE,
  MSG_COMPLETE_ALL_QUESTIONS,
  MSG_TOTAL_PRIZE_VALUE_REQUIRED,
  MSG_WIZARD_DRAFT_KEPT,
} from '@permitdesk/shared'
import { mailLink, PASSWORD, watchConsole } from './helpers'

async function registerConfirmAndSignIn(page: Page, email: string) {
  await expect(page).toHaveURL(/\/account\/register\/\?create=/)
  // Issue 25: the visitor is told their promotion waits for them (the screen used to say nothing of it).
  await expect(page.getByTestId('wizard-draft-kept')).toHaveText(MSG_WIZARD_DRAFT_KEPT)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByLabel('First name').fill('Wendy')
  await page.getByLabel('Last name').fill('Wizard')
  await page.getByLabel('Organisation').fill('Wendy Promotions')
  await page.getByLabel('I agree to the Terms and conditions').check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.goto(await mailLink(email, '/api/account/confirmEmail'))
  await expect(page).toHaveURL(/\/account\/login\//)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('promotions', () => {
  test('a visitor builds an NSW + ACT promotion in /wizard/, registers and lands on its dashboard', async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto('/wizard/')
    await expect(page.getByRole('heading', { name: 'Create a promotion' })).toBeVisible()

    // The spec's messages, word for word, announced in an alert.
    await page.getByRole('button', { name: 'Save and create an account' }).click()
    await expect(page.getByRole('alert')).toHaveText(MSG_COMPLETE_ALL_FORM_FIELDS)
    await page.getByLabel('Promotion name').fill('Wizard giveaway')
    await page.getByLabel('New South Wales').check()
    await page.getByLabel('Australian Capital Territory').check()
    await page.getByRole('button', { name: 'Save and create an account' }).click()
    await expect(page.getByRole('alert')).toHaveText(MSG_TOTAL_PRIZE_VALUE_REQUIRED)

    // The fee summary follows the typing: at $5,000 NSW is included but not required, ACT is required.
    await page.getByLabel(/Total prize value/).fill('5000')
    await expect(page.getByTestId('not-required-nsw')).toBeVisible()
    await expect(page.getByTestId('permit-act')).toContainText('$255')
    await page.getByLabel(/Total prize value/).fill('20,000')
    await expect(page.getByTestId('not-required-nsw')).toHaveCount(0)
    await expect(page.getByTestId('permit-nsw')).toContainText('$468')
    await expect(page.getByTestId('permit-act')).toContainText('$721')
    await expect(page.getByTestId('fee-gst')).toHaveText('$27')
    await expect(page.getByTestId('fee-total')).toHaveText('$1,486')

    // The quiz appears exactly when the rules say.
    await expect(page.getByRole('group', { name: /NSW trade promotion authority/ })).toBeVisible()
    await expect(page.getByRole('group', { name: /instant-win/ })).toHaveCount(0)
    await page.getByRole('button', { name: 'Save and create an account' }).click()
    await expect(page.getByRole('alert')).toHaveText(MSG_COMPLETE_ALL_QUESTIONS)
    await page
      .getByRole('group', { name: /NSW trade promotion authority/ })
      .getByLabel('No')
      .check()
    await page
      .getByRole('group', { name: /drawn electronically/ })
      .getByLabel('Yes')
      .check()
    await expect(page.getByRole('group', { name: /random draw system approved/ })).toBeVisible()
    await page
      .getByRole('group', { name: /drawn electronically/ })
      .getByLabel('No')
      .check()
    await expect(page.getByRole('group', { name: /random draw system approved/ })).toHaveCount(0)

    // A modal opens and closes from the keyboard.
    await page.getByRole('button', { name: 'Random draw terms' }).click()
    await expect(page.getByRole('dialog', { name: 'Random draw terms' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Random draw terms' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Save and create an account' }).click()
    const email = `wizard-${crypto.randomBytes(5).toString('hex')}@example.test`
    await registerConfirmAndSignIn(page, email)

    await expect(page).toHaveURL(/\/promotions\/edit\/\d+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wizard giveaway')
    await expect(page.getByTestId('states')).toHaveText('ACT, NSW')
    await expect(page.getByTestId('prize-value')).toHaveText('$20,000')
    await expect(page.getByTestId('service')).toHaveText(/^Permit - PermitDesk managed/)
    await expect(page.getByTestId('status')).toContainText(customerStatusName(1))
    const fees = page.getByTestId('dashboard-fees')
    await expect(fees.getByRole('row', { name: /NSW permit licence fee/ })).toContainText('$468')
    await expect(fees.getByRole('row', { name: /ACT permit licence fee/ })).toContainText('$721')
    await expect(page.getByTestId('dashboard-total')).toHaveText('$1,486')
    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([])
  })

  test('a customer sorts, archives and restores, and adds and edits a note', async ({ page }) => {
    // A signed-in customer with three promotions (made through the same API the screens use).
    const email = `sorter-${crypto.randomBytes(5).toString('hex')}@example.test`
    await page.goto('/promotions/game-of-chance/')
    await page.getByLabel('Promotion name').fill('Bravo')
    // Issue 25: before a state is chosen the summary does not claim that no permit is needed.
    await expect(page.getByTestId('no-permits')).toHaveText('Choose the states of the promotion to see which permits it needs.')
    await page.getByLabel('Victoria').check()
    await page.getByLabel(/Total prize value/).fill('1000')
    await page
      .getByRole('group', { name: /drawn electronically/ })
      .getByLabel('No')
      .check()
    await expect(page.getByTestId('no-permits')).toHaveText(`No state permit is needed for this promotion. ${MSG_NO_PERMIT_BASE_FEE}`)
    await page.getByRole('button', { name: 'Save and create an account' }).click()
    // 001 §2 modal "create when not required".
    await page.getByRole('dialog', { name: LABEL_NO_PERMIT_NEEDED }).getByRole('button', { name: 'Continue anyway' }).click()
    await registerConfirmAndSignIn(page, email)
    await expect(page).toHaveURL(/\/promotions\/edit\/\d+\/$/)
    for (const name of ['alpha', 'Charlie']) {
      const created = await page.request.post('/api/promotion/create', {
        data: { name, ausStates: { vic: true }, totalPrizeValue: 1_000, winnersDrawnElectronically: false },
      })
      expect(created.status()).toBe(200)
    }

    await page.goto('/promotions/')
    const names = () => page.getByRole('rowheader').allTextContents()
    await expect.poll(names).toEqual(['Charlie', 'alpha', 'Bravo'])
    await page.getByRole('columnheader', { name: /^Promotion/ }).click()
    await expect.poll(names).toEqual(['alpha', 'Bravo', 'Charlie'])
    await page.getByRole('columnheader', { name: /^Promotion/ }).click()
    await expect.poll(names).toEqual(['Charlie', 'Bravo', 'alpha'])

    await page.getByRole('button', { name: 'Archive Bravo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Promotion archived.' })).toBeVisible()
    await expect.poll(names).toEqual(['Charlie', 'alpha'])
    await page.getByRole('link', { name: 'Archived promotions' }).click()
    await expect.poll(names).toEqual(['Bravo'])
    await page.getByRole('button', { name: 'Unarchive Bravo' }).click()
    await expect(page.getByRole('row', { name: MSG_NO_ARCHIVED_PROMOTIONS })).toBeVisible()
    // Issue 25: a search that finds nothing says so (it read "No promotions yet." to a customer with three).
    await page.getByRole('link', { name: 'Back to My Promotions' }).click()
    await page.getByLabel('Search promotions').fill('Zulu')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('row', { name: msgNoPromotionsMatch('Zulu') })).toBeVisible()

    // Row click opens the dashboard; a note is added and edited.
    await page.goto('/promotions/')
    await page
      .getByRole('row', { name: /^Charlie/ })
      .getByRole('cell')
      .nth(2)
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charlie')
    await page.getByRole('button', { name: 'Notes (0)' }).click()
    await page.getByLabel('New note').fill('Call the printer')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(page.getByRole('dialog', { name: 'Promotion notes' }).getByText('Call the printer')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Notes (1)' })).toBeVisible()
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Edit note').fill('Printer called')
    await page.getByRole('button', { name: 'Save note' }).click()
    await expect(page.getByRole('dialog', { name: 'Promotion notes' }).getByText('Printer called')).toBeVisible()
    await page.reload()
    await page.getByRole('button', { name: 'Notes (1)' }).click()
    await expect(page.getByRole('dialog', { name: 'Promotion notes' }).getByText('Printer called')).toBeVisible()
  })
})
