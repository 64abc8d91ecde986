/**
 * The staff console end to end (issue 13): a staff member finds a paid promotion in Outstanding,
 * creates an action entry; the customer answers the question in the wizard and resubmits; the
 * staff member saves an NSW permit number and approves; the customer's dashboard shows
 * "Approved" with the number.
 */
import crypto from 'node:crypto'
import { customerStatusName } from '@permitdesk/shared'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { readyPromotion, signUpCustomer, watchConsole, createPromotion } from './helpers'

const STAFF = { email: 'staff@permitdesk.test', password: 'staff-password-123' }

/** Types a date day first (dd/mm/yyyy, Sydney's today for `date`) into a react-aria date field, as a person does. */
async function typeDate(page: Page, within: Locator, label: string, date: Date) {
  const [yyyy, mm, dd] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(date).split('-')
  await within.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click()
  await page.keyboard.type(`${dd}${mm}${yyyy}`)
}

const signUp = (request: APIRequestContext) =>
  signUpCustomer(request, 'staffe2e', { firstName: 'Cam', lastName: 'Customer', accountName: 'Cam Customer Pty Ltd' })

/** A complete NSW + ACT application, paid by card in the sandbox: "Submitted and awaiting feedback". */
async function paidPromotion(request: APIRequestContext, name: string): Promise<number> {
  const id = await readyPromotion(request, name)
  const paid = await request.post('/api/promotion/submitPermitApplication', {
    data: {
      id,
      cardName: 'Cam Customer',
      cardNumber: '4242424242424242',
      cardExpiry: '12/35',
      cardSecurityCode: '123',
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
    },
  })
  expect(paid.status(), await paid.text()).toBe(200)
  expect((await paid.json()).permitStatus.slug).toBe('submitted')
  return id
}

test('outstanding → action entry → customer answers and resubmits → NSW permit number and approval → customer sees Approved', async ({ page, browser }) => {
  const errors = watchConsole(page)
  await signUp(page.request)
  const name = `Harbour giveaway ${crypto.randomBytes(3).toString('hex')}`
  const id = await paidPromotion(page.request, name)

  // Staff, in a browser of their own: sign in through the same login, land in the console.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  const staffErrors = watchConsole(staff)
  await staff.goto('/account/login/')
  await staff.getByLabel('Email address').fill(STAFF.email)
  await staff.getByLabel('Password').fill(STAFF.password)
  await staff.getByRole('button', { name: 'Sign in' }).click()
  await expect(staff.getByRole('navigation', { name: 'Staff console' })).toBeVisible()

  // 1. Outstanding: the paid promotion is there; open it.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Outstanding' }).click()
  await expect(staff.getByRole('heading', { name: 'Outstanding permit applications' })).toBeVisible()
  const row = staff.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Submitted and awaiting feedback')
  await expect(row.locator('[data-colour]')).toHaveAttribute('data-colour', 'default')
  await row.getByRole('link', { name }).click()
  await expect(staff.getByTestId('status')).toHaveText('Submitted and awaiting feedback')

  // 2. An action entry: flag the applicant with a comment and ask a question.
  await staff.getByRole('link', { name: 'Actions' }).click()
  await staff.getByRole('link', { name: 'Create an action entry' }).click()
  await staff.getByLabel('Applicant', { exact: true }).check()
  await staff.getByLabel('Comment on Applicant').fill('Please give the trading name as registered.')
  await staff.getByLabel('Question 1').fill('Who supplies the prizes?')
  await staff.getByRole('button', { name: 'Create action entry' }).click()
  await expect(staff.getByTestId('status')).toHaveText('Action required')

  // 3. The customer sees the highlighted field, answers the question, and resubmits.
  await page.goto(`/permit/edit/${id}/comments/`)
  await expect(page.getByTestId('action-required')).toContainText('Please give the trading name as registered.')
  await page.getByLabel('Who supplies the prizes?').fill('Harbour Travel Pty Ltd')
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/`))
  await expect(page.getByTestId('status')).toContainText(customerStatusName(7))
  const resubmitted = await page.request.post('/api/promotion/submitPermitApplication', {
    data: {
      id,
      cardName: 'Cam Customer',
      cardNumber: '4242424242424242',
      cardExpiry: '12/35',
      cardSecurityCode: '123',
      isReattempt: false,
      isBPAY: false,
      isCardAfterBpay: false,
    },
  })
  expect(resubmitted.status(), await resubmitted.text()).toBe(200)
  expect((await resubmitted.json()).permitStatus.slug).toBe('resubmitted')

  // The staff member sees the answer.
  await staff.goto(`/admin/action/${id}/`)
  await expect(staff.getByText('Harbour Travel Pty Ltd')).toBeVisible()

  // 4. The NSW permit number (the shared rule refuses the bare prefix), then approval.
  await staff.goto(`/admin/detail/${id}/`)
  await expect(staff.getByTestId('status')).toHaveText('Resubmitted and awaiting feedback')
  await staff.getByRole('link', { name: 'Permit numbers' }).click()
  const nsw = staff.getByRole('form', { name: 'NSW permit' })
  await expect(nsw.getByLabel('NSW permit number')).toHaveValue('NTP/')
  await typeDate(staff, nsw, 'NSW approval date', new Date())
  await nsw.getByRole('button', { name: 'Save NSW permit number' }).click()
  await expect(nsw.getByRole('alert')).toHaveText('Please enter a valid permit number.')
  await nsw.getByLabel('NSW permit number').fill('NTP/24/01234')
  await nsw.getByRole('button', { name: 'Save NSW permit number' }).click()
  await expect(nsw.getByRole('alert')).toHaveCount(0)
  await staff.getByRole('link', { name: 'Back to the promotion' }).click()
  await expect(staff.getByText('NSW NTP/24/01234')).toBeVisible()
  await staff.getByRole('button', { name: 'Approve' }).click()
  await staff.getByRole('dialog', { name: 'Approve this promotion' }).getByRole('button', { name: 'Approve promotion' }).click()
  await expect(staff.getByTestId('status')).toHaveText('Approved')

  // The changelog has every step, newest first.
  await staff.getByRole('link', { name: 'Changelog' }).click()
  const actions = staff.getByRole('row')
  await expect(actions.nth(1)).toContainText('promotion approve')
  await expect(staff.getByText('promotion create-action-entry')).toBeVisible()

  // 5. The customer's dashboard: Approved, with the number.
  await page.goto(`/promotions/edit/${id}/`)
  await expect(page.getByTestId('status')).toContainText(customerStatusName(8))
  await expect(page.getByTestId('permit-number-NSW')).toContainText('NSW NTP/24/01234 (approved ')

  expect(errors).toEqual([])
  // The one refused save (the bare NSW prefix) is a 400 the browser logs; nothing else went wrong.
  expect(staffErrors.filter((e) => !e.includes('status of 400'))).toEqual([])
  expect(staffErrors).toHaveLength(1)
  await staffContext.close()
})

test('customers are sent away from the staff console, and admin calls refuse them', async ({ page }) => {
  await signUp(page.request)
  await page.goto('/admin/outstanding/')
  await expect(page).toHaveURL(/\/promotions\//)
  expect((await page.request.get('/api/promotion/getOutstanding')).status()).toBe(403)
})

/** A staff member signed in, in a browser context of their own. */
async function staffPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/account/login/')
  await page.getByLabel('Email address').fill(STAFF.email)
  await page.getByLabel('Password').fill(STAFF.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeVisible()
  return { context, page }
}

test('chargecard/: staff charge a customer card for an invoice, with the 1.5% surcharge; a decline shows the server message', async ({ page, browser }) => {
  const email = await signUp(page.request)
  const id = await createPromotion(page.request, 'Card charge promo')
  const { context, page: staff } = await staffPage(browser)
  const errors = watchConsole(staff)
  const confirmCharge = () => staff.getByRole('dialog', { name: 'Charge $111.65?' }).getByRole('button', { name: 'Charge the card' }).click()

  // A custom invoice of $100 + $10 GST: by card $111.65 (1.5% of $110 = $1.65).
  const invoice = await staff.request.post('/api/admin/createInvoice', { data: { id, amount: 100, gst: 10, description: 'Extra draw' } })
  expect(invoice.status(), await invoice.text()).toBe(200)
  const invoiceNumber = (await invoice.json()).invoiceNumber as number

  // From the side navigation: find the invoice by its number.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Charge card' }).click()
  await expect(staff.getByRole('heading', { name: 'Charge a card' })).toBeVisible()
  await staff.getByLabel('Invoice number').fill(String(invoiceNumber))
  await staff.getByRole('button', { name: 'Find invoice' }).click()
  await expect(staff.getByTestId('charge-surcharge')).toHaveText('$1.65')
  await expect(staff.getByTestId('charge-total')).toHaveText('$111.65')

  // A declined card: the server's message.
  await staff.getByLabel('Name on card').fill('Cam Customer')
  await staff.getByLabel('Card number').fill('4000 0000 0000 0002')
  await staff.getByLabel('Expiry (MM/YY)').fill('12/35')
  await staff.getByLabel('Security code').fill('123')
  await staff.getByRole('button', { name: 'Charge $111.65' }).click()
  await confirmCharge()
  await expect(staff.getByTestId('charge-error')).toHaveText(/declined/i)
  await expect(staff.getByTestId('charge-status')).toHaveText('awaiting payment')

  // A good card: paid.
  await staff.getByLabel('Card number').fill('4242 4242 4242 4242')
  await staff.getByRole('button', { name: 'Charge $111.65' }).click()
  await confirmCharge()
  await expect(staff.getByTestId('charge-result')).toHaveText('Charged $111.65 to Visa ending 4242.')
  await expect(staff.getByTestId('charge-status')).toHaveText('paid')

  // The customer sees the invoice paid.
  const theirs = await (await page.request.get(`/api/invoice/getInvoices?promotionId=${id}`)).json()
  expect(theirs.invoices.find((i: { invoiceNumber: number }) => i.invoiceNumber === invoiceNumber)).toMatchObject({ status: 'paid', total: 111.65 })
  expect(email).toContain('@')
  // The declined charge is a 4xx the browser logs; nothing else went wrong.
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([])
  await context.close()
})

test('contact/, user/ and resources/: a voicemail is recorded and played, e-mail changes are listed, resources come from the CMS', async ({
  page,
  browser,
}) => {
  const email = await signUp(page.request)
  const { context, page: staff } = await staffPage(browser)

  // A voicemail: the recording and the caller.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Contacts' }).click()
  await staff.getByRole('button', { name: 'Record a voicemail' }).click()
  const form = staff.getByRole('form', { name: 'Record a voicemail' })
  const samples = Buffer.alloc(800)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  await form.getByLabel(/Recording/).setInputFiles({ name: 'voicemail.wav', mimeType: 'audio/wav', buffer: Buffer.concat([header, samples]) })
  await form.getByLabel("Caller's name").fill('Vince Voicemail')
  await form.getByLabel('Phone number').fill('0411 222 333')
  await form.getByLabel('What the caller said').fill('Wants to know when the ACT permit arrives.')
  await form.getByRole('button', { name: 'Save voicemail' }).click()
  const card = staff.getByRole('article', { name: 'Message from Vince Voicemail' })
  await expect(card).toContainText('Wants to know when the ACT permit arrives.')
  const download = card.getByRole('link', { name: 'Download voicemail' })
  const href = await download.getAttribute('href')
  expect(href).toMatch(/^\/download\/voicemail\/[0-9a-f-]{36}\.wav$/)
  expect((await staff.request.get(href!)).headers()['content-type']).toBe('audio/wav')
  // The customer cannot fetch it.
  expect((await page.request.get(href!)).status()).toBe(403)

  // An e-mail change appears in the user screen's list of changes.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Users' }).click()
  await staff.getByRole('searchbox', { name: 'Search users' }).fill(email)
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  // The list shows every user until the search has answered.
  await expect(staff.getByLabel(/E-mail of user/)).toHaveCount(1)
  const newEmail = `changed-${email}`
  await staff.getByLabel(/E-mail of user/).fill(newEmail)
  await staff.getByRole('button', { name: 'Update e-mail' }).click()
  const changes = staff.getByRole('region', { name: 'E-mail changes' })
  await expect(changes.getByRole('row').filter({ hasText: newEmail }).first()).toContainText(email)
  await changes.getByRole('searchbox', { name: 'Find by an old or new address' }).fill(email)
  await changes.getByRole('button', { name: 'Find' }).click()
  await expect(changes.getByRole('row')).toHaveCount(2)

  // Resources: none yet, with the way to add them in the CMS.
  await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Resources' }).click()
  await expect(staff.getByText('No resources yet.')).toBeVisible()
  await expect(staff.getByRole('link', { name: 'Staff resources' })).toHaveAttribute('href', '/cms/collections/staff-resources')
  await context.close()
})
