/**
 * Issue 17, checked rather than assumed:
 * - every screen of the site, the app and the staff console, on a desktop and a phone, through
 *   axe (@axe-core/playwright, WCAG 2.1 A/AA): no serious or critical violation; the others are
 *   listed in the output. Each screen is saved to tests/e2e/screens/ (git-ignored) for review;
 * - keyboard only: sign in, create a promotion, complete the first step of the application and
 *   sign out, without the mouse;
 * - the shell: the signed-in header's links and account menu, and the phone menu button.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import { LABEL_NO_PERMIT_NEEDED } from '@permitdesk/shared'
import { mailLink, PASSWORD, SCREENS_DIR } from './helpers'

const STAFF = { email: 'staff@permitdesk.test', password: 'staff-password-123' }
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

async function signUp(request: APIRequestContext, prefix: string, names = { firstName: 'Kim', lastName: 'Keys' }) {
  const email = `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`
  const register = await request.post('/api/account/register', {
    data: { email, password: PASSWORD, ...names, accountName: 'Keys Promotions Pty Ltd', phone: '0298765432', agreedTerms: true },
  })
  expect(register.status()).toBe(200)
  expect((await request.get(await mailLink(email, '/api/account/confirmEmail'))).ok()).toBe(true)
  return email
}

async function signIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const login = await request.post('/api/account/login', { data: { email, password } })
  expect(login.status(), await login.text()).toBe(200)
}

async function createPromotion(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.post('/api/promotion/create', {
    data: {
      name,
      ausStates: { nsw: true, sa: true },
      totalPrizeValue: 20_000,
      includeNz: false,
      hasNswAuthority: false,
      hasInstantWinPrizes: false,
      winnersDrawnElectronically: false,
      managedSubmission: true,
      randomDraw: false,
      termsAndConditions: false,
      abridgedTC: false,
      hostedTC: false,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()).id
}

type Finding = { screen: string; size: string; id: string; impact: string; nodes: number; help: string; where: string }

/** Opens each screen at each size, runs axe, saves a screenshot; returns what axe found. */
async function sweep(page: Page, screens: { name: string; path: string; ready: (page: Page) => Locator }[]): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport)
    for (const screen of screens) {
      await page.goto(screen.path)
      await expect(screen.ready(page)).toBeVisible()
      // Lazy route chunks and queries settle before the scan.
      await page.waitForLoadState('networkidle')
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      for (const violation of result.violations) {
        findings.push({
          screen: screen.name,
          size,
          id: violation.id,
          impact: violation.impact ?? 'unknown',
          nodes: violation.nodes.length,
          help: violation.help,
          where: violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join('; '),
        })
      }
      await page.screenshot({ path: path.join(SCREENS_DIR, `${screen.name}-${size}.png`), fullPage: true })
    }
  }
  return findings
}

function report(findings: Finding[]) {
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')
  const others = findings.filter((f) => !serious.includes(f))
  for (const f of others) console.log(`axe (${f.impact}) ${f.screen} ${f.size}: ${f.id} × ${f.nodes}: ${f.help} (${f.where})`)
  expect(serious.map((f) => `${f.impact} ${f.screen} ${f.size}: ${f.id} × ${f.nodes}: ${f.help} (${f.where})`)).toEqual([])
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first()

test.describe('every screen, desktop and phone, through axe', () => {
  // Each screen is scanned twice (desktop, phone): minutes, not seconds, on a shared machine.
  test.describe.configure({ timeout: 600_000 })
  test.beforeAll(() => fs.mkdirSync(SCREENS_DIR, { recursive: true }))

  test('the public site', async ({ page }) => {
    const paths = [
      '/',
      '/competition-permits/',
      '/competition-terms-and-conditions/',
      '/random-draws/',
      '/agencies/',
      '/law-firms/',
      '/about/',
      '/faqs/',
      '/reviews/',
      '/news/',
      '/contact/',
      '/terms/',
      '/privacy/',
      '/competition/terms/',
    ]
    const screens = []
    for (const p of paths) {
      const status = (await page.request.get(p)).status()
      if (status === 200) screens.push({ name: `site${p.replace(/\/$/, '').replaceAll('/', '-') || '-home'}`, path: p, ready: heading })
      else console.log(`site ${p}: ${status}, not scanned`)
    }
    expect(screens.length).toBeGreaterThan(5)
    report(await sweep(page, screens))
  })

  test('the app signed out', async ({ page }) => {
    report(
      await sweep(page, [
        { name: 'app-login', path: '/account/login/', ready: heading },
        { name: 'app-register', path: '/account/register/', ready: heading },
        { name: 'app-forgot-password', path: '/account/forgotpassword/', ready: heading },
        { name: 'app-wizard', path: '/wizard/', ready: heading },
        { name: 'app-game-of-skill', path: '/promotions/game-of-skill/', ready: heading },
      ]),
    )
  })

  test('the app signed in', async ({ page }) => {
    await signIn(page.request, await signUp(page.request, 'axe'))
    const id = await createPromotion(page.request, 'Axe giveaway')
    const sections = ['details', 'peopleroles', 'entry', 'prizes', 'attachments', 'comments']
    report(
      await sweep(page, [
        { name: 'app-my-promotions', path: '/promotions/', ready: (p) => p.getByRole('rowheader', { name: 'Axe giveaway' }) },
        { name: 'app-archive', path: '/promotions/archive/', ready: heading },
        { name: 'app-create', path: '/promotions/game-of-chance/', ready: heading },
        { name: 'app-dashboard', path: `/promotions/edit/${id}/`, ready: heading },
        { name: 'app-modify', path: `/promotions/modify/${id}/`, ready: heading },
        ...sections.map((section) => ({
          name: `app-permit-${section}`,
          path: `/permit/edit/${id}/${section}/`,
          ready: (p: Page) => p.getByRole('heading', { name: /^Step \d of \d/ }),
        })),
        { name: 'app-account', path: '/account/edit/', ready: heading },
      ]),
    )
  })

  test('the staff console', async ({ page }) => {
    await signIn(page.request, STAFF.email, STAFF.password)
    report(
      await sweep(page, [
        { name: 'staff-home', path: '/admin/', ready: heading },
        { name: 'staff-resources', path: '/admin/resources/', ready: heading },
        { name: 'staff-chargecard', path: '/admin/chargecard/', ready: heading },
      ]),
    )
    await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link')).toHaveText([
      'PermitDesk staff',
      'Tasks',
      'Outstanding',
      'Promotions',
      'Contacts',
      'Users',
      'Charge card',
      'Statistics',
      'Resources',
      'Rule sets',
      'Customer app',
      'PermitDesk website',
    ])
  })
})

/** Presses Tab (or Shift+Tab) until `target` has the focus: what a keyboard user does. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}) {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

test('keyboard only: sign in, create a promotion, complete the first step of the application, sign out', async ({ browser }) => {
  // Every key is a round trip to the browser, and the dashboard now has its task list and compliance calendar to pass.
  test.setTimeout(150_000)
  // Its own context, closed with a bound: in full runs closing this journey's context has hung for the whole
  // test timeout after every assertion passed (the trace shows the body done in 9 s); under investigation.
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await keyboardJourney(page)
  } finally {
    await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
})

async function keyboardJourney(page: Page) {
  const email = await signUp(page.request, 'keys')
  await page.goto('/account/login/')
  await tabTo(page, page.getByLabel('Email address'))
  await page.keyboard.type(email)
  await tabTo(page, page.getByLabel('Password'))
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/promotions\/$/)

  // The header's "Create a promotion".
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create a promotion' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Create a promotion', level: 1 })).toBeVisible()
  await tabTo(page, page.getByLabel('Promotion name'))
  await page.keyboard.type('Keyboard giveaway')
  await tabTo(page, page.getByLabel('Victoria'))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByLabel(/Total prize value/))
  await page.keyboard.type('1000')
  const drawn = page.getByRole('group', { name: /drawn electronically/ })
  await tabTo(page, drawn.getByLabel('Yes'))
  await page.keyboard.press('ArrowRight')
  await expect(drawn.getByLabel('No')).toBeChecked()
  await tabTo(page, page.getByRole('button', { name: 'Create promotion' }))
  await page.keyboard.press('Enter')
  const notRequired = page.getByRole('dialog', { name: LABEL_NO_PERMIT_NEEDED })
  await tabTo(page, notRequired.getByRole('button', { name: 'Continue anyway' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/promotions\/edit\/\d+\/$/)
  await expect(heading(page)).toHaveText('Keyboard giveaway')

  // The application's first step.
  await tabTo(page, page.getByRole('link', { name: 'Keyboard giveaway' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Step 1 of 6: General' })).toBeVisible()
  await tabTo(page, page.getByRole('group', { name: 'How will the promotion be advertised?' }).getByLabel('Digital and social media'))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByLabel('Products or services promoted'))
  await page.keyboard.type('Keyboards')
  await tabTo(page, page.getByRole('button', { name: 'Next: Applicant' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Step 2 of 6: Applicant' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /General.*\(complete\)/ })).toBeVisible()

  // Sign out from the account menu.
  await tabTo(page, page.getByRole('button', { name: 'Kim Keys' }), { back: true })
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['My account', 'Invoices', 'API keys', 'Sign out'])
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  expect((await (await page.request.get('/api/account/current')).json()).authenticated).toBe(false)
}

test('the shell: header links, staff link for staff only, and the phone menu button', async ({ page, browser }) => {
  await signIn(page.request, await signUp(page.request, 'shell', { firstName: 'Sam', lastName: 'Shell' }))
  await page.goto('/promotions/')
  const main = page.getByRole('navigation', { name: 'Main' })
  await expect(main.getByRole('link', { name: 'My Promotions' })).toHaveAttribute('aria-current', 'page')
  await expect(main.getByRole('link', { name: 'PermitDesk website' })).toHaveAttribute('href', '/')
  await expect(main.getByRole('link', { name: 'Staff console' })).toHaveCount(0)
  await main.getByRole('button', { name: 'Sam Shell' }).click()
  await expect(page.getByRole('menuitem', { name: 'Invoices' })).toHaveAttribute('href', '/account/invoices/')
  await expect(page.getByRole('menuitem', { name: 'API keys' })).toHaveAttribute('href', '/account/apikeys/')
  await page.getByRole('menuitem', { name: 'My account' }).click()
  await expect(page).toHaveURL(/\/account\/edit\/$/)

  // A phone: the links sit behind the menu button.
  await page.setViewportSize(SIZES.phone)
  await expect(main.getByRole('link', { name: 'My Promotions' })).toBeHidden()
  const toggle = page.getByRole('button', { name: 'Menu' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await main.getByRole('link', { name: 'My Promotions' }).click()
  await expect(page).toHaveURL(/\/promotions\/$/)
  await expect(main.getByRole('link', { name: 'Sign out' }).or(main.getByRole('button', { name: 'Sign out' }))).toBeHidden()

  await expectStaffLink(browser)
})

test('the account menu opens when pressed before its code has arrived', async ({ page }) => {
  await signIn(page.request, await signUp(page.request, 'early', { firstName: 'Ella', lastName: 'Early' }))
  // Hold back every script the page did not ask for in its HTML: the menu's code loads lazily.
  const html = await (await page.request.get('/promotions/')).text()
  const firstLoad = new Set(html.match(/\/app\/assets\/[\w.-]+\.js/g))
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/app\/assets\/[\w.-]+\.js$/, async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) await held
    await route.continue()
  })
  await page.goto('/promotions/')
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Ella Early' })
  // Still the stand-in drawn until react-aria's button arrives (react-aria marks its own with data-rac).
  await expect(button).toBeVisible()
  expect(await button.getAttribute('data-rac')).toBeNull()
  await button.click()
  release()
  await expect(page.getByRole('menuitem', { name: 'Invoices' })).toHaveAttribute('href', '/account/invoices/')
})

async function expectStaffLink(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const staff = await context.newPage()
  await signIn(staff.request, STAFF.email, STAFF.password)
  await staff.goto('/promotions/')
  await expect(staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff console' })).toHaveAttribute('href', '/admin/')
  await context.close()
}
