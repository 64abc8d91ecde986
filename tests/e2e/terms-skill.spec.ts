/**
 * Skill-based T&Cs end to end (issue 14, decision record 014): the customer of a game of skill
 * chooses the $250 credit option on the payment page (price, GST and card total from the shared
 * fee rules), pays by card, approves the T&Cs, and inside the 90-day edit window amends the
 * promotion on /promotions/modifyskillsbased/{id}/.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { completeApplication } from '../factories/permit'
import { signUpCustomer, watchConsole } from './helpers'

const signUp = (request: APIRequestContext) => signUpCustomer(request, 'skill', { firstName: 'Sam', lastName: 'Skill', accountName: 'Sam Skill Pty Ltd' })

/** A game of skill (NSW + ACT, $20,000) made complete through the API: "Ready for submission". */
async function readySkillPromotion(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post('/api/promotion/create', {
    data: { name, ausStates: { nsw: true, act: true }, includeNz: false, totalPrizeValue: 20_000, abridgedTC: false, hostedTC: false, skillsBasedTC: true },
  })
  expect(created.status(), await created.text()).toBe(200)
  const id = (await created.json()).id as number
  const current = await (await request.get(`/api/promotion/get?id=${id}`)).json()
  const complete = completeApplication()
  const permit = { ...current.permit, ...complete.permit, judgingCriteria: 'wit and originality', judges: 'three staff of the promoter' }
  const saved = await request.post('/api/promotion/save', { data: { ...current, ...complete, name, permit, versionNumber: current.versionNumber } })
  expect(saved.status(), await saved.text()).toBe(200)
  expect((await (await request.get(`/api/promotion/get?id=${id}`)).json()).permitStatus.slug).toBe('ready-submission')
  return id
}

test('a game of skill: choose the $250 option, pay by card, approve, then amend inside the edit window', async ({ page }) => {
  const errors = watchConsole(page)
  await signUp(page.request)
  const id = await readySkillPromotion(page.request, 'Caption contest')

  // The stored option (the T&Cs' answer) is held back until after the customer has chosen: a late
  // answer must not put back the $150 the customer just moved away from (it did, on a loaded machine).
  let releaseTerms = () => {}
  const termsHeld = new Promise<void>((resolve) => (releaseTerms = resolve))
  await page.route('**/api/terms/get?*', async (route) => {
    await termsHeld
    await route.continue()
  })
  await page.goto(`/permit/edit/${id}/payment/`)
  const options = page.getByTestId('skill-options')
  await expect(options.getByRole('radio')).toHaveCount(3)
  await expect(options.getByRole('radio', { name: /\$150 · Standard/ })).toBeChecked()
  await expect(page.getByTestId('payment-total')).toHaveText('$165')
  await options.getByRole('radio', { name: /\$250 · Campaign: change your terms for 90 days/ }).check()
  const termsAnswered = page.waitForResponse((response) => response.url().includes('/api/terms/get?'))
  releaseTerms()
  await termsAnswered
  await page.unroute('**/api/terms/get?*')
  await expect(options.getByRole('radio', { name: /\$250 · Campaign/ })).toBeChecked()
  await expect(page.getByTestId('payment-fees')).toContainText('Terms and conditions (game of skill)$250')
  await expect(page.getByTestId('payment-gst')).toHaveText('$25')
  await expect(page.getByTestId('payment-total')).toHaveText('$275')
  await expect(page.getByTestId('payment-card-total')).toHaveText('$279.13')

  await page.getByLabel('Name on card').fill('Sam Skill')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/35')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: 'Pay $279.13 and submit' }).click()
  // Paid: the dashboard says so once, and its address drops ?success (a reload claims no new payment).
  await expect(page.getByTestId('payment-received')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await expect(page.getByTestId('invoice-table').getByTestId('invoice-status')).toHaveText('Paid by card')

  // Draft and approve the T&Cs (the dialog itself is covered by terms.spec.ts): submitted.
  expect((await page.request.post('/api/terms/generate', { data: { promotionId: id } })).status()).toBe(200)
  expect((await page.request.post('/api/promotion/approveTermsAndConditions', { data: { id } })).status()).toBe(200)

  // The modify screen: the window is open until 90 days after the payment; amend the name.
  await page.goto(`/promotions/modifyskillsbased/${id}/`)
  await expect(page.getByRole('heading', { name: 'Modify skill-based promotion' })).toBeVisible()
  await expect(page.getByTestId('skill-window')).toContainText('Your $250 option lets you change this promotion and regenerate its terms and conditions until')
  await page.getByRole('button', { name: 'Start an amendment' }).click()
  await page.getByLabel('Promotion name').fill('Caption contest (winter)')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/promotions/edit/${id}/$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Caption contest (winter)')
  expect(errors).toEqual([])
})
