/**
 * Terms read the state figures from the rule set in force (issue #30): staff publish a set that
 * shortens SA's winner publication, and newly generated terms say so, while the version made
 * before keeps its text. (docs/terms-examples stay as they were: the default set's figures are
 * the ones the examples print.)
 */
import { sydneyDateOf } from '@permitdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

const versionsOf = async (id: number) => (await alice.client.get(`/api/terms/get?promotionId=${id}`)).body.versions as { number: number; html: string }[]
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('terms and the rule set in force', () => {
  it('a published set changes newly generated terms, not the version made before it', async () => {
    const id = await createPromotion(alice.client, { ausStates: { nsw: true, act: true, sa: true }, termsAndConditions: true, hasInstantWinPrizes: false })
    const saved = await savePromotion(alice.client, id, (p) => ({
      ...withCompleteApplication(p),
      prizeValueSA: 20_000,
      prizeDescription: 'a $1,500 Coles gift card each.',
    }))
    expect(saved.status, saved.text).toBe(200)
    expect((await alice.client.post('/api/terms/generate', { promotionId: id })).body).toMatchObject({ versionNumber: 1, created: true })
    const [first] = await versionsOf(id)
    expect(text(first!.html)).toContain('within 7 days of the draw, and their names will be published')
    expect(text(first!.html)).toContain('within 30 days of the draw')

    const published = await staff.post('/api/admin/publishRuleSet', {
      baseId: 'au-2025-07',
      id: 'au-2026-sa21',
      effectiveFrom: sydneyDateOf(new Date()),
      description: 'SA publishes winners within 21 days.',
      changes: [
        {
          key: 'states.sa.publishWinnersWithinDays',
          value: 21,
          source: {
            title: 'CBS SA: trade promotion licence conditions 2026',
            url: 'https://www.cbs.sa.gov.au/conditions',
            dateRead: '2026-11-20',
            verified: true,
          },
        },
        {
          key: 'states.sa.notifyWinnersWithinDays',
          value: 5,
          source: {
            title: 'CBS SA: trade promotion licence conditions 2026',
            url: 'https://www.cbs.sa.gov.au/conditions',
            dateRead: '2026-11-20',
            verified: true,
          },
        },
      ],
    })
    expect(published.status, published.text).toBe(200)

    const again = await staff.post('/api/terms/generate', { promotionId: id })
    expect(again.body).toMatchObject({ versionNumber: 2, created: true })
    const [before, after] = await versionsOf(id).then((v) => [...v].sort((a, b) => a.number - b.number))
    expect(text(after!.html)).toContain('within 5 days of the draw, and their names will be published')
    expect(text(after!.html)).toContain('within 21 days of the draw')
    expect(text(after!.html)).not.toContain('within 30 days of the draw')
    expect(before!.html).toBe(first!.html)
  })
})
