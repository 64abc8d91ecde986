/**
 * Issue 27, the entry form's content: the collection notice is the CMS's text with the promoter's
 * details filled in (the message constant when the CMS has none), on the hosted form (and so the
 * embed, which frames it) and in the promoter's preview.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_COLLECTION_NOTICE_TEXT, addDays, msgEntryCollectionNotice, sydneyDateOf } from '@permitdesk/shared'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { waivePayment } from '../factories/payments'
import { startTestApi, type TestApi } from '../setup/test-api'
import { contentFileFor } from '../../api/src/server/build'
import { insertLink } from '../../api/src/modules/terms/terms.repository'

let api: TestApi
let alice: Customer
let staff: Customer
let promotionId: number
let code: string

const today = () => sydneyDateOf(new Date())
const APPLICANT = {
  organisation: 'Acme Drinks Pty Ltd',
  abnacn: '51824753556',
  businessAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  email: 'privacy@acme.example',
  website: 'https://acme.example',
}

/** What the CMS export writes when staff save the site settings. */
function cmsSettings(settings: Record<string, unknown> | null) {
  const file = contentFileFor(api.config.DATA_DIR)
  if (!settings) return fs.rmSync(file, { force: true })
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify({ generatedAt: new Date().toISOString(), settings: { productName: 'PermitDesk', ...settings }, pages: [], news: [] }))
}
const publicNotice = async () => (await api.client().get(`/api/entries/public?code=${code}`)).body.collectionNotice as string
const previewNotice = async () => (await alice.client.get(`/api/entries/form?promotionId=${promotionId}`)).body.collectionNotice as string

beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  staff = await createCustomer(api, { isStaff: true })
  promotionId = await createPromotion(alice.client, { randomDraw: true })
  await waivePayment(staff.client, promotionId)
  const permit = { startDate: addDays(today(), -1), startTime: '09:00', endDate: addDays(today(), 30), endTime: '17:00', applicant: APPLICANT }
  await api.database.db.execute(sql`update app.promotions set permit = permit || ${JSON.stringify(permit)}::jsonb, applicant = null where id = ${promotionId}`)
  code = (await alice.client.get(`/api/entries/form?promotionId=${promotionId}`)).body.code
}, 60_000)
afterAll(async () => api?.close())

describe('the collection notice', () => {
  it('is the CMS text with every placeholder filled from the promotion and its promoter', async () => {
    cmsSettings({
      entryCollectionNotice:
        '{promoter.name} ({promoter.abn}, {promoter.address}) collects your details for {promotion.name}. Ask {promoter.contact}; see {promoter.privacyPolicy}.',
    })
    const expected =
      'Acme Drinks Pty Ltd (ABN 51 824 753 556, 1 George Street, Sydney NSW 2000) collects your details for Summer giveaway. Ask privacy@acme.example; see https://acme.example.'
    expect(await publicNotice()).toBe(expected)
    expect(await previewNotice()).toBe(expected)
  })

  it('links the hosted T&Cs as the privacy terms when the promotion has them', async () => {
    cmsSettings({ entryCollectionNotice: 'See {promoter.privacyPolicy}.' })
    await api.database.db.execute(sql`update app.promotions set hosted_tc = true where id = ${promotionId}`)
    const termsCode = await insertLink(api.database.db, promotionId, 'acmeterms1')
    const terms = await api.client().get(`/api/entries/public?code=${code}`)
    expect(terms.body.termsPath).toBe(`/t/${termsCode}/`)
    expect(terms.body.collectionNotice).toBe(`See ${api.config.PUBLIC_URL.replace(/\/$/, '')}/t/${termsCode}/.`)
    await api.database.db.execute(sql`update app.promotions set hosted_tc = false where id = ${promotionId}`)
  })

  it('the seeded CMS text reads as the built-in notice', async () => {
    cmsSettings({ entryCollectionNotice: DEFAULT_COLLECTION_NOTICE_TEXT })
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
  })

  it('falls back to the built-in notice when the CMS has no text, or no export at all', async () => {
    cmsSettings({})
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
    cmsSettings(null)
    expect(await publicNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
    expect(await previewNotice()).toBe(msgEntryCollectionNotice('Acme Drinks Pty Ltd', 'privacy@acme.example'))
  })

  it('another customer does not see the promoter\u2019s preview', async () => {
    const bob = await createCustomer(api)
    expect((await bob.client.get(`/api/entries/form?promotionId=${promotionId}`)).status).toBe(404)
  })
})
