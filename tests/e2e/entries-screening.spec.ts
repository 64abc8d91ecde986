import crypto from 'node:crypto'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { MSG_FREEZE_CONFIRM, MSG_SCREENING_DECISION_REASON_REQUIRED, msgFlagDuplicateOriginal } from '@permitdesk/shared'
import { E2E_DATA_DIR, readDatabaseUrl, signUpCustomer, waivePaymentAsStaff, watchConsole, SCREENS_DIR } from './helpers'

/** axe (WCAG 2.1 A/AA): no serious or critical violation; a full-page screenshot for review; nothing wider than the window. */
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

/** The promotion's form and entries, as the collection channels store them (that half of issue 27 has its own e2e). */
async function seedEntries(promotionId: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: readDatabaseUrl(E2E_DATA_DIR) })
  await client.connect()
  try {
    await client.query(`insert into app.entry_forms (promotion_id, code, status, opened_at) values ($1, $2, 'open', now())`, [
      promotionId,
      crypto.randomBytes(6).toString('hex'),
    ])
    const rows: [string, string, string, string | null][] = [
      ['Jo Citizen', 'jo@gmail.com', '2000', null],
      ['Sam Person', 'sam@example.com', '3000', null],
      ['Joanne Citizen', 'jo@gmail.com', '2001', null],
      ['Jo C', 'jo@gmail.com', '2002', null],
      ['Throw Away', 'someone@mailinator.com', '5000', null],
      ...Array.from({ length: 12 }, (_, i) => [`Entrant ${i}`, `entrant${i}@example.org`, '4000', 'burst-address'] as [string, string, string, string]),
    ]
    const ids: number[] = []
    for (const [i, [name, email, postcode, ip]] of rows.entries()) {
      const { rows: inserted } = await client.query(
        `insert into app.entries (promotion_id, channel, received_at, sydney_day, fields, email_norm, name_postcode_norm, person_key, ip_hash)
         values ($1, 'form', now() - interval '1 hour' + make_interval(secs => $2), '2026-11-20', $3, $4, $5, $6, $7) returning id::int as id`,
        [promotionId, i * 2, JSON.stringify({ name, email, postcode, state: 'VIC' }), email, `${name.toLowerCase()}|${postcode}`, `e:${email}`, ip],
      )
      ids.push(inserted[0].id)
    }
    return ids
  } finally {
    await client.end()
  }
}

test('the promoter screens the entries, excludes the duplicates with a reason, and freezes the rest into the draw', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  await signUpCustomer(page.request, 'e2e-screening')
  const created = await page.request.post('/api/promotion/create', {
    data: { name: 'Screened giveaway', ausStates: { vic: true }, totalPrizeValue: 5_000, winnersDrawnElectronically: false, randomDraw: true },
  })
  expect(created.status()).toBe(200)
  const promotionId = (await created.json()).id as number
  await waivePaymentAsStaff(browser, promotionId, ['draw'])
  const ids = await seedEntries(promotionId)
  expect((await page.request.post('/api/draw/create', { data: { promotionId, title: 'Final draw', winners: 1, reserves: 1 } })).status()).toBe(200)

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/promotions/entries/${promotionId}/screening/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Entry screening' })).toBeVisible()
  await expect(page.getByText('Not screened yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Screen the entries again' }).click()
  const emailGroup = page.getByRole('article', { name: 'Same e-mail address' })
  await expect(emailGroup).toContainText(msgFlagDuplicateOriginal('duplicate-email', 3))
  await expect(emailGroup.getByRole('rowheader', { name: `${ids[0]} (first)` })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Many entries from one network address' })).toContainText('12 entries came from the same network address')
  await expect(page.getByRole('article', { name: 'Disposable e-mail address' })).toContainText('mailinator.com')
  await look(page, 'entries-screening-desktop')

  // A decision needs its reason: the dialog says so and nothing changes.
  await emailGroup.getByRole('button', { name: 'Exclude the later entries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Exclude from the draw' })
  await expect(dialog).toContainText('the later 2 entries of this group (the first stays in)')
  await dialog.getByRole('button', { name: 'Exclude', exact: true }).click()
  await expect(dialog).toContainText(MSG_SCREENING_DECISION_REASON_REQUIRED)
  await look(page, 'entries-screening-decide-dialog-desktop')
  await dialog.getByLabel('Reason').fill('One entry per person')
  await dialog.getByLabel('T&C clause (optional)').fill('7')
  await dialog.getByRole('button', { name: 'Exclude', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 entries marked excluded.' })).toBeVisible()
  await expect(emailGroup.getByText('Excluded')).toHaveCount(2)
  await expect(emailGroup).toContainText('One entry per person (clause 7)')

  // Keep the burst (an office at a launch event), by keyboard from the group's button.
  const burst = page.getByRole('article', { name: 'Many entries from one network address' })
  await burst.getByRole('button', { name: 'Keep the group' }).focus()
  await page.keyboard.press('Enter')
  const keep = page.getByRole('dialog', { name: 'Keep in the draw' })
  await keep.getByLabel('Reason').fill('Staff of a store entering at the launch event')
  await keep.getByRole('button', { name: 'Keep', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '12 entries marked kept.' })).toBeVisible()

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  // Each flagged entry is a card of labelled lines: no column (the decision, its button) is out of view sideways.
  for (const region of await page.getByRole('region', { name: /: entries, scrollable$/ }).all())
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await look(page, 'entries-screening-phone')

  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByText('2 flagged entries have no decision yet: freezing keeps them in the draw.')).toBeVisible()
  await page.getByRole('button', { name: 'Freeze the entries' }).click()
  const freeze = page.getByRole('dialog', { name: 'Freeze the entries' })
  await expect(freeze).toContainText(MSG_FREEZE_CONFIRM)
  await freeze.getByRole('button', { name: 'Freeze and commit' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The entries are frozen: 15 entries are committed to the draw.' })).toBeVisible()
  await expect(page.getByText('The entries are frozen into the draw: decisions can no longer change.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Exclude the later entries' })).toHaveCount(0)
  await look(page, 'entries-screening-frozen-desktop')

  await page.getByRole('link', { name: 'Public record of the draw' }).click()
  await expect(page.locator('#entries-excluded')).toHaveText('2 entries excluded as duplicates under clause 7 of the T&Cs')
  expect(errors).toEqual([])
})

test('another customer gets the not-found answer, not the entries', async ({ browser }) => {
  const context = await browser.newContext()
  try {
    await signUpCustomer(context.request, 'e2e-screening-other')
    const answer = await context.request.get('/api/entries/screening?promotionId=1')
    expect([404]).toContain(answer.status())
  } finally {
    await context.close()
  }
})
