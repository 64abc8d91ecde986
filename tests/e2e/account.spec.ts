import crypto from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { LABEL_STAY_SIGNED_IN, MSG_EMAIL_CONFIRMED, MSG_LOGIN_REQUIRED, MSG_MUST_AGREE_TERMS, MSG_SESSION_REPLACED, MSG_IDLE_WARNING } from '@permitdesk/shared'
import { mailLink, PASSWORD, watchConsole } from './helpers'

const newEmail = () => `e2e-${crypto.randomBytes(5).toString('hex')}@example.test`

/** A confirmed customer, made through the real API and the link of the real e-mail. */
async function createConfirmedCustomer(request: APIRequestContext): Promise<string> {
  const email = newEmail()
  const response = await request.post('/api/account/register', {
    data: { email, password: PASSWORD, firstName: 'Erin', lastName: 'Example', accountName: 'Erin Co', agreedTerms: true },
  })
  expect(response.status()).toBe(200)
  const confirm = await request.get(
    new URL(await mailLink(email, '/api/account/confirmEmail')).pathname + new URL(await mailLink(email, '/api/account/confirmEmail')).search,
    { maxRedirects: 0 },
  )
  expect(confirm.status()).toBe(303)
  return email
}

async function signIn(page: Page, email: string) {
  await page.goto('/account/login/')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/promotions\/$/)
}

test.describe('accounts', () => {
  test('register → confirm from the received e-mail → sign in → land on /promotions/', async ({ page }) => {
    const errors = watchConsole(page)
    const email = newEmail()
    await page.goto(`/account/register/?email=${encodeURIComponent(email)}`)
    await expect(page).toHaveTitle(/^Create an account · /)
    await expect(page.getByLabel('Email address')).toHaveValue(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Register')
    await page.getByLabel('Organisation').fill('Robin Promotions')

    // The agent fields appear only when "authorised agent" is ticked.
    await expect(page.getByLabel('Street address')).toHaveCount(0)
    await page.getByLabel(/authorised agent/).check()
    await expect(page.getByLabel('Street address')).toBeVisible()
    await page.getByLabel(/authorised agent/).uncheck()
    await expect(page.getByLabel('Street address')).toHaveCount(0)

    // Terms not agreed: the spec's message, announced.
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MSG_MUST_AGREE_TERMS })).toBeVisible()
    await page.getByLabel('I agree to the Terms and conditions').check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(page.getByRole('status')).toContainText(email)

    await page.goto(await mailLink(email, '/api/account/confirmEmail'))
    await expect(page).toHaveURL(/\/account\/login\/\?confirmed=1$/)
    await expect(page.getByRole('status')).toHaveText(MSG_EMAIL_CONFIRMED)
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/promotions\/$/)
    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([])
  })

  test('a Sign in clicked before the bot check has answered waits for it instead of failing', async ({ page, request }) => {
    const email = await createConfirmedCustomer(request)
    // The bot check's configuration is slow to arrive (a loaded server, a slow phone network).
    await page.route('**/api/botcheck/config', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    await page.goto('/account/login/')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/promotions\/$/)
  })

  test('a private route visited signed out goes to login with the return address, and back after sign-in', async ({ page, request }) => {
    const email = await createConfirmedCustomer(request)
    await page.goto('/account/edit/')
    await expect(page).toHaveURL(/\/account\/login\/\?ReturnUrl=%2Faccount%2Fedit%2F$/)
    await expect(page.getByRole('status')).toHaveText(MSG_LOGIN_REQUIRED)
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email address or password. Please try again.' })).toBeVisible()
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/account\/edit\/$/)
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()
    // Issue 25: one way to change the password (it offered "Change my password" and "Change password", two different flows).
    await expect(page.getByRole('link', { name: /password/i })).toHaveText(['Change password'])
    await page.getByLabel('First name').fill('Edited')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your account details have been saved.' })).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('First name')).toHaveValue('Edited')
  })

  test('after 29 idle minutes a warning modal; staying signed in works; 1 more minute signs out to /?logout', async ({ page, request }) => {
    const email = await createConfirmedCustomer(request)
    await page.clock.install()
    await signIn(page, email)
    await page.goto('/account/edit/')
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()

    await page.clock.fastForward('28:00')
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await page.clock.fastForward('01:01')
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(MSG_IDLE_WARNING)
    // Non-dismissable: Escape leaves it open.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: LABEL_STAY_SIGNED_IN }).click()
    await expect(dialog).toHaveCount(0)

    await page.clock.fastForward('29:01')
    await expect(dialog).toBeVisible()
    await page.clock.fastForward('01:01')
    await expect(page).toHaveURL(/\/\?logout$/)
    const check = await page.request.post('/api/account/authenticated', { data: {} })
    expect(check.status()).toBe(401)
  })

  test('a second sign-in elsewhere shows the "logged in elsewhere" modal in the first browser', async ({ page, browser, request }) => {
    test.setTimeout(60_000)
    const email = await createConfirmedCustomer(request)
    await signIn(page, email)
    const elsewhere = await browser.newContext()
    try {
      await signIn(await elsewhere.newPage(), email)
    } finally {
      await elsewhere.close()
    }
    const dialog = page.getByRole('alertdialog', { name: 'Logged in elsewhere' })
    await expect(dialog).toBeVisible({ timeout: 15_000 })
    await expect(dialog).toContainText(MSG_SESSION_REPLACED)
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(page).toHaveURL(/\/\?logout$/)
  })

  test('forgot password → e-mailed link → new password → sign in with it', async ({ page, request }) => {
    const email = await createConfirmedCustomer(request)
    await page.goto(`/account/forgotpassword/?email=${encodeURIComponent(email)}`)
    await expect(page.getByLabel('Email address')).toHaveValue(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toHaveText(`Password verification token sent to ${email}.`)
    await page.goto(await mailLink(email, '/account/resetpassword/'))
    await page.getByLabel('New password').fill('a different password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page).toHaveURL(/\/account\/login\/\?reset=1$/)
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill('a different password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/promotions\/$/)
  })

  test('Backspace outside an editable field does not navigate back', async ({ page }) => {
    await page.goto('/account/register/')
    await page.goto('/account/login/')
    await page.getByRole('heading', { name: 'Sign in' }).click()
    await page.keyboard.press('Backspace')
    await expect(page).toHaveURL(/\/account\/login\/$/)
  })
})
