/**
 * Issue 28: a version means a change, records what caused it, and passes the text check.
 * Told as a customer (and staff) would go: draft, press "Regenerate" again, change the
 * application, see the library change, and try to save text that would not read cleanly.
 */
import { sql } from 'drizzle-orm'
import { MSG_TERMS_TEXT_DEFECT, MSG_TERMS_UNCHANGED, SEED_TERMS_CLAUSES, TERMS_TEXT_DEFECT_NAMES } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import type { Client, TestApi } from '../setup/test-api'
import { startTestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client

async function createTermsPromotion(owner: Customer, overrides: Record<string, unknown> = {}): Promise<number> {
  const id = await createPromotion(owner.client, {
    ausStates: { nsw: true, act: true, sa: true },
    termsAndConditions: true,
    hasInstantWinPrizes: false,
    ...overrides,
  })
  const saved = await savePromotion(owner.client, id, (p) => ({
    ...withCompleteApplication(p),
    prizeValueSA: 20_000,
    prizeDescription: 'a $1,500 Coles gift card each.',
  }))
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text}`)
  return id
}

const versionsOf = async (id: number) =>
  (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body.versions as { number: number; reason: string; html: string }[]
const changelogCount = async (id: number) =>
  Number((await api.database.db.execute(sql`select count(*) as n from app.changelog where promotion_id = ${id} and action = 'terms-generated'`)).rows[0]!.n)

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

describe('versions mean change', () => {
  let id: number
  beforeAll(async () => {
    id = await createTermsPromotion(alice)
  })

  it('regenerating with nothing changed answers the current version, says so, and makes no version', async () => {
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 1, created: true, reason: 'generated' })
    const again = await alice.client.post('/api/terms/generate', { promotionId: id })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ versionNumber: 1, created: false, message: MSG_TERMS_UNCHANGED(1), reason: 'generated' })
    expect(again.body.message).toBe('Nothing has changed since version 1, so no new version was made: version 1 is current.')
    // Staff pressing it changes nothing either, and the change log has one generation.
    expect((await staff.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 1, created: false })
    expect((await versionsOf(id)).map((v) => v.number)).toEqual([1])
    expect(await changelogCount(id)).toBe(1)
    // Another customer learns nothing.
    expect((await bob.client.post('/api/terms/generate', { promotionId: id })).status).toBe(404)
  })

  it('a change to the application makes a version that says so', async () => {
    const saved = await savePromotion(alice.client, id, (p) => ({ ...p, prizeDescription: 'a $2,000 Coles gift card each' }))
    expect(saved.status, saved.text).toBe(200)
    const generated = await alice.client.post('/api/terms/generate', { promotionId: id })
    expect(generated.body).toEqual({ versionNumber: 2, created: true, message: null, reason: 'application-change' })
    const versions = await versionsOf(id)
    expect(versions.map((v) => [v.number, v.reason])).toEqual([
      [1, 'generated'],
      [2, 'application-change'],
    ])
    expect(versions[1]!.html).toContain('Prizes: a $2,000 Coles gift card each. Number of prizes:')
    expect(versions[0]!.html).toContain('Prizes: a $1,500 Coles gift card each. Number of prizes:')
  })

  it('a change to the clause library makes a version that says so', async () => {
    const original = JSON.stringify(SEED_TERMS_CLAUSES.find((c) => c.key === 'liability')!.paragraphs)
    await api.database.db.execute(
      sql`update cms.terms_clauses set snapshot = jsonb_set(snapshot, '{paragraphs}', '["The promoter of {promotion.name} is liable only as the law requires."]') where key = 'liability'`,
    )
    try {
      const generated = await alice.client.post('/api/terms/generate', { promotionId: id })
      expect(generated.body).toMatchObject({ versionNumber: 3, created: true, reason: 'clause-library-change' })
      expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 3, created: false })
    } finally {
      await api.database.db.execute(
        sql`update cms.terms_clauses set snapshot = jsonb_set(snapshot, '{paragraphs}', ${original}::jsonb) where key = 'liability'`,
      )
    }
  })

  it('after a staff edit, regenerating replaces it and says so', async () => {
    const current = (await staff.get(`/api/terms/get?promotionId=${id}`)).body
    const edited = await staff.post('/api/terms/saveVersion', { promotionId: id, html: current.html.replace('<h2>Privacy</h2>', '<h2>Your privacy</h2>') })
    expect(edited.body).toEqual({ versionNumber: 4 })
    expect((await versionsOf(id)).map((v) => v.reason)).toEqual(['generated', 'application-change', 'clause-library-change', 'staff-edit'])
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 5, created: true, reason: 'regenerated' })
  })
})

describe('the text check refuses a version that would not read cleanly', () => {
  it('a staff edit with a doubled full stop is refused with the clause named, and nothing is saved', async () => {
    const id = await createTermsPromotion(alice)
    await alice.client.post('/api/terms/generate', { promotionId: id })
    const current = (await staff.get(`/api/terms/get?promotionId=${id}`)).body
    const html = current.html.replace('Prizes: a $1,500 Coles gift card each. Number', 'Prizes: a $1,500 Coles gift card each.. Number')
    expect(html).not.toBe(current.html)
    const refused = await staff.post('/api/terms/saveVersion', { promotionId: id, html })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(
      /^These terms and conditions were not saved: the clause “Prizes” has doubled punctuation \(“.*each\.\. Number.*”\)\. Please correct it and try again\.$/,
    )
    expect(refused.body.modelState.html).toEqual([refused.body.message])
    const unfilled = await staff.post('/api/terms/saveVersion', {
      promotionId: id,
      html: current.html.replace('<h2>Privacy</h2>', '<h2>Privacy</h2><p>Contact {promoter.phone}.</p>'),
    })
    expect(unfilled.status).toBe(400)
    expect(unfilled.body.message).toContain(TERMS_TEXT_DEFECT_NAMES['unfilled-placeholder'])
    expect((await versionsOf(id)).map((v) => v.number)).toEqual([1])
  })

  it('a library clause that would leave a dangling list is refused at generation, naming the clause', async () => {
    const id = await createTermsPromotion(alice)
    const original = JSON.stringify(SEED_TERMS_CLAUSES.find((c) => c.key === 'liability')!.paragraphs)
    await api.database.db.execute(
      sql`update cms.terms_clauses set snapshot = jsonb_set(snapshot, '{paragraphs}', '["The promoter is not liable for:"]') where key = 'liability'`,
    )
    try {
      const refused = await alice.client.post('/api/terms/generate', { promotionId: id })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(MSG_TERMS_TEXT_DEFECT('Liability', TERMS_TEXT_DEFECT_NAMES['dangling-list'], '…is not liable for:'))
      expect(refused.body.modelState).toEqual({ '': [refused.body.message] })
      expect(await versionsOf(id)).toEqual([])
    } finally {
      await api.database.db.execute(
        sql`update cms.terms_clauses set snapshot = jsonb_set(snapshot, '{paragraphs}', ${original}::jsonb) where key = 'liability'`,
      )
    }
  })
})

describe('statements a state requires stay in', () => {
  it('with the VIC publication clause deleted from the CMS, a VIC promotion still states it (from the seed)', async () => {
    const id = await createTermsPromotion(alice, { ausStates: { nsw: true, vic: true } })
    const saved = (await api.database.db.execute(sql`select * from cms.terms_clauses where key = 'publication-vic'`)).rows
    expect(saved).toHaveLength(1)
    await api.database.db.execute(sql`update cms.terms_clauses set snapshot = null where key = 'publication-vic'`)
    try {
      expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
      const { html } = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
      expect(html).toContain('id="clause-publication-vic"')
      expect(html).toContain('Winners of prizes valued over $1,000 will have their name and suburb published')
    } finally {
      await api.database.db.execute(
        sql`update cms.terms_clauses set snapshot = ${JSON.stringify((saved[0] as { snapshot: unknown }).snapshot)}::jsonb where key = 'publication-vic'`,
      )
    }
  })
})

describe('the draw clause follows the services bought', () => {
  it('with the random draw service, the provider conducts the draw and receives the entries', async () => {
    const id = await createTermsPromotion(alice, { randomDraw: true })
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).status).toBe(200)
    const { html } = (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body
    expect(html).toMatch(/The draw is conducted by \S+ on behalf of the promoter, using its random draw service/)
    expect(html).not.toContain('The draw is conducted by the promoter')
    expect(html).toMatch(/To conduct the draw, the promoter gives the entries to \S+, which uses them only for that purpose\./)
  })
})
