/**
 * Dated, cited rule sets and the compliance calendar (issue #30): the public rule endpoints, staff
 * previewing and publishing a set with an effective date (a promotion submitted before keeps its
 * figures, an open one takes the new set), what invoices and lodgement packs record, the
 * obligations of a NSW + SA + VIC promotion and closing its duties with proof.
 */
import {
  MSG_DATE_INVALID,
  MSG_FORBIDDEN,
  MSG_NOT_FOUND,
  MSG_OBLIGATION_LINK_INVALID,
  MSG_OBLIGATION_PROOF_REQUIRED,
  MSG_OBLIGATION_UNKNOWN,
  MSG_OBLIGATION_UPLOAD_UNKNOWN,
  MSG_RULE_SET_BASE_UNKNOWN,
  MSG_RULE_SET_EFFECTIVE_PAST,
  MSG_RULE_SET_FIGURE_INVALID,
  MSG_RULE_SET_ID_TAKEN,
  MSG_SOURCE_NOTE_REQUIRED,
  MSG_UNAUTHENTICATED,
  sydneyDateOf,
  addDays,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteUnattachedUploads } from '../../api/src/modules/upload/upload.repository'
import { uploadFile, readyPromotion, VISA } from '../factories/payments'
import { savePromotion, withCompleteApplication } from '../factories/permit'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let alice: Customer
let bob: Customer
let staff: Client
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
  bob = await createCustomer(api)
  staff = api.client()
  await signInStaff(staff, api)
})
afterAll(async () => api?.close())

const today = () => sydneyDateOf(new Date())
const rows = async (query: ReturnType<typeof sql>) => (await api.database.db.execute(query)).rows as Record<string, unknown>[]
const source = { title: 'Liquor & Gaming NSW fees 2026-27', url: 'https://www.nsw.gov.au/fees', dateRead: '2026-06-20', verified: true }
const figure = (view: any, key: string) => view.figures.find((f: any) => f.key === key)

describe('GET /api/rules/current and /api/rules/{id}', () => {
  it('answers the set in force with every figure and its source; without publications the specification set', async () => {
    const response = await api.client().get('/api/rules/current')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: 'au-2020-01', effectiveFrom: '2020-01-01', inForce: true, previous: null, changes: [] })
    expect(response.body.figures.length).toBeGreaterThan(150)
    for (const f of response.body.figures)
      expect(f.source, f.key).toMatchObject({ title: expect.any(String), url: expect.any(String), dateRead: expect.any(String), verified: expect.any(Boolean) })
    // Money is dollars on the wire.
    expect(figure(response.body, 'fees.government.nswCents').value).toBe(468)
    expect(figure(response.body, 'fees.government.act').value).toEqual({ base: 255, steps: expect.arrayContaining([{ above: 5000, fee: 373 }]) })
    expect(figure(response.body, 'states.sa.lodgeBusinessDays')).toMatchObject({ value: 14, unit: 'business days', source: { verified: true } })
  })

  it('answers the researched 2025-26 set by id, not in force, with what it changes and its unverified figures', async () => {
    const response = await api.client().get('/api/rules/au-2025-07')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: 'au-2025-07', inForce: false, previous: { id: 'au-2020-01' } })
    expect(response.body.changes).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'fees.government.nswCents', before: 468, after: 458 })]))
    expect(figure(response.body, 'fees.government.act').source).toMatchObject({ verified: false, note: expect.stringContaining('247') })
    expect(figure(response.body, 'states.tas.recordMonths')).toMatchObject({ value: null, source: { verified: false } })
  })

  it('answers 400 for a date that is not a date and 404 for an unknown set', async () => {
    const bad = await api.client().get('/api/rules/current?date=2026-02-30')
    expect(bad.status).toBe(400)
    expect(bad.body.modelState).toEqual({ date: [MSG_DATE_INVALID] })
    const missing = await api.client().get('/api/rules/au-1999-01')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(MSG_NOT_FOUND)
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await api.client().get('/api/openapi.json')).body
    for (const path of [
      '/api/rules/current',
      '/api/rules/{id}',
      '/api/admin/publishRuleSet',
      '/api/admin/previewRuleSet',
      '/api/promotion/obligations',
      '/api/promotion/closeObligation',
    ])
      expect(doc.paths, path).toHaveProperty([path])
  })
})

describe('staff publish a rule set with an effective date', () => {
  const draft = (overrides: Record<string, unknown> = {}) => ({
    baseId: 'au-2025-07',
    id: 'au-2026-11',
    effectiveFrom: today(),
    description: 'The researched set, with the 2026 NSW authority fee.',
    changes: [{ key: 'fees.government.nswCents', value: 472.5, source }],
    ...overrides,
  })

  it('is for staff only: 401 signed out, 403 to customers, and nothing is stored', async () => {
    for (const [client, status, message] of [
      [api.client(), 401, MSG_UNAUTHENTICATED],
      [alice.client, 403, MSG_FORBIDDEN],
    ] as const) {
      for (const response of [
        await client.post('/api/admin/publishRuleSet', draft()),
        await client.post('/api/admin/previewRuleSet', draft()),
        await client.get('/api/admin/ruleSets'),
      ]) {
        expect(response.status).toBe(status)
        expect(response.body.message).toBe(message)
      }
    }
    expect(await rows(sql`select * from app.rule_set_publications`)).toEqual([])
  })

  it('refuses a bad draft field by field and stores nothing', async () => {
    const response = await staff.post(
      '/api/admin/publishRuleSet',
      draft({
        baseId: 'nope',
        id: 'au-2020-01',
        effectiveFrom: addDays(today(), -1),
        changes: [],
      }),
    )
    expect(response.status).toBe(400)
    expect(response.body.modelState).toEqual({ baseId: [MSG_RULE_SET_BASE_UNKNOWN], id: [MSG_RULE_SET_ID_TAKEN], effectiveFrom: [MSG_RULE_SET_EFFECTIVE_PAST] })
    const figures = await staff.post(
      '/api/admin/publishRuleSet',
      draft({
        changes: [
          { key: 'states.sa.lodgeBusinessDays', value: -3, source },
          { key: 'fees.government.nswCents', value: 1.234, source },
        ],
      }),
    )
    expect(figures.status).toBe(400)
    expect(figures.body.modelState).toEqual({ 'changes.0.value': [MSG_RULE_SET_FIGURE_INVALID], 'changes.1.value': [MSG_RULE_SET_FIGURE_INVALID] })
    const unsourced = await staff.post(
      '/api/admin/publishRuleSet',
      draft({ changes: [{ key: 'fees.government.nswCents', value: 470, source: { ...source, verified: false } }] }),
    )
    expect(unsourced.status).toBe(400)
    expect(unsourced.body.modelState).toEqual({ 'changes.0.source.note': [MSG_SOURCE_NOTE_REQUIRED] })
    expect(await rows(sql`select * from app.rule_set_publications`)).toEqual([])
  })

  it('a promotion submitted before keeps its figures; an open one, the preview names it, takes the new set', async () => {
    // Both quoted under the specification set: NSW $468 without an authority.
    const submitted = await createPromotion(alice.client, { name: 'Submitted before' })
    const open = await createPromotion(alice.client, { name: 'Still open' })
    expect((await alice.client.get(`/api/promotion/get?id=${open}`)).body.permit.feeDue_NSW).toBe(468)
    await setPromotionStatus(api.database.db, submitted, 6) // submitted, then staff asked for an action

    const preview = await staff.post('/api/admin/previewRuleSet', draft())
    expect(preview.status).toBe(200)
    expect(preview.body.ruleSet).toMatchObject({ id: 'au-2026-11', inForce: true })
    expect(figure(preview.body.ruleSet, 'fees.government.nswCents')).toMatchObject({ value: 472.5, source })
    const names = preview.body.affected.map((a: any) => a.name)
    expect(names).toContain('Still open')
    expect(names).not.toContain('Submitted before')
    expect(preview.body.affected.find((a: any) => a.id === open)).toMatchObject({ feeDue_Total_before: 468 + 721 + 270, feeDue_Total_after: 472.5 + 721 + 270 })
    expect(await rows(sql`select * from app.rule_set_publications`)).toEqual([])

    const published = await staff.post('/api/admin/publishRuleSet', draft())
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ id: 'au-2026-11', effectiveFrom: today(), previous: { id: 'au-2020-01' } })
    expect((await api.client().get('/api/rules/current')).body.id).toBe('au-2026-11')
    expect((await staff.post('/api/admin/publishRuleSet', draft())).body.modelState).toEqual({ id: [MSG_RULE_SET_ID_TAKEN] })

    const openAfter = await savePromotion(alice.client, open)
    expect(openAfter.status).toBe(200)
    expect(openAfter.body.permit.feeDue_NSW).toBe(472.5)
    const submittedAfter = await savePromotion(alice.client, submitted)
    expect(submittedAfter.status).toBe(200)
    expect(submittedAfter.body.permit.feeDue_NSW).toBe(468)
    const stored = await rows(sql`select id, fees ->> 'ruleSetId' as rule_set_id from app.promotions where id in (${open}, ${submitted}) order by id`)
    expect(stored).toEqual([
      { id: submitted, rule_set_id: 'au-2020-01' },
      { id: open, rule_set_id: 'au-2026-11' },
    ])

    const list = await staff.get('/api/admin/ruleSets')
    expect(list.body.find((s: any) => s.id === 'au-2026-11')).toMatchObject({ current: true, published: true, inForce: true })
    expect(list.body.find((s: any) => s.id === 'au-2025-07')).toMatchObject({ current: false, published: false, inForce: false })
  })

  it('a set published for a later date is not current before it', async () => {
    const later = await staff.post('/api/admin/publishRuleSet', draft({ id: 'au-2099-07', effectiveFrom: '2099-07-01', changes: [] }))
    expect(later.status).toBe(200)
    expect((await api.client().get('/api/rules/current')).body.id).toBe('au-2026-11')
    expect((await api.client().get('/api/rules/current?date=2099-06-30')).body.id).toBe('au-2026-11')
    expect((await api.client().get('/api/rules/current?date=2099-07-01')).body).toMatchObject({ id: 'au-2099-07', previous: { id: 'au-2026-11' } })
  })

  it('the invoice and the lodgement pack record the rule set that priced them', async () => {
    const id = await readyPromotion(alice)
    const paid = await alice.client.post('/api/promotion/submitPermitApplication', { id, ...VISA })
    expect(paid.status).toBe(200)
    const invoices = await rows(sql`select rule_set_id from app.invoices where promotion_id = ${id}`)
    expect(invoices).toEqual([{ rule_set_id: 'au-2026-11' }])
    const pack = await alice.client.post('/api/promotion/requestLodgementPack', { id })
    expect(pack.status).toBe(200)
    expect(await rows(sql`select rule_set_id from app.lodgement_packs where promotion_id = ${id}`)).toEqual([{ rule_set_id: 'au-2026-11' }])
  })
})

describe('GET /api/promotion/obligations: a NSW + SA + VIC promotion', () => {
  let id: number
  beforeAll(async () => {
    id = await createPromotion(alice.client, {
      name: 'Three states',
      ausStates: { nsw: true, sa: true, vic: true },
      totalPrizeValue: 20_000,
      hasNswAuthority: false,
    })
    const saved = await savePromotion(alice.client, id, (p) => {
      const complete = withCompleteApplication(p)
      return {
        ...complete,
        maxPrizeValue: 8_000,
        permit: {
          ...complete.permit,
          startDate: '2027-03-22',
          endDate: '2027-04-30',
          finalDraw: { ...complete.permit.finalDraw, date: '2027-05-03' },
          unclaimedDraw: { ...complete.permit.unclaimedDraw, date: '2027-08-02' },
        },
      }
    })
    expect(saved.status).toBe(200)
  })

  it('lists every duty with its rule, source, Sydney due date and state; lead times skip SA\u2019s Adelaide Cup Day', async () => {
    const response = await alice.client.get(`/api/promotion/obligations?id=${id}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ promotionId: id, ruleSetId: 'au-2026-11', today: today() })
    expect(response.body.obligations.map((o: any) => [o.code, o.dueDate])).toEqual([
      ['lodge-sa', '2027-03-01'],
      ['notify-nsw', '2027-03-08'],
      ['nsw-authority', '2027-03-08'],
      ['lodge-sa-premium', '2027-03-15'],
      ['draw', '2027-05-03'],
      ['publish-winners-vic', '2027-05-03'],
      ['notify-winners-sa', '2027-05-10'],
      ['deliver-prizes-vic', '2027-05-31'],
      ['publish-winners-until-vic', '2027-05-31'],
      ['publish-winners-sa', '2027-06-02'],
      ['unclaimed-draw', '2027-08-02'],
      ['keep-records', '2030-04-30'],
    ])
    for (const o of response.body.obligations) expect(o.status, o.code).toBe('upcoming')
    // Online entry: no entry-cost cap; the NSW and SA prize restrictions are listed to check, with sources.
    expect(response.body.notes.some((n: any) => n.code.startsWith('entry-cost'))).toBe(false)
    expect(response.body.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'prize-tobacco-nsw', level: 'info', source: expect.objectContaining({ url: expect.any(String) }) }),
      ]),
    )
    const lodge = response.body.obligations[0]
    expect(lodge.rule).toMatch(/14 business days/)
    expect(lodge.source).toMatchObject({ url: expect.stringContaining('sa.gov.au'), verified: true })
  })

  it('another customer gets 404, a signed-out visitor 401, a bad id 400', async () => {
    expect((await bob.client.get(`/api/promotion/obligations?id=${id}`)).status).toBe(404)
    expect((await api.client().get(`/api/promotion/obligations?id=${id}`)).status).toBe(401)
    expect((await alice.client.get('/api/promotion/obligations?id=abc')).status).toBe(400)
  })

  it('closing a duty with an upload or a link marks it done; bad proof changes nothing', async () => {
    const close = (client: Client, body: Record<string, unknown>) => client.post('/api/promotion/closeObligation', { id, ...body })
    const bobsFile = await uploadFile(bob, 'not-yours.pdf')
    for (const [body, field, message] of [
      [{ code: 'lodge-sa' }, 'link', MSG_OBLIGATION_PROOF_REQUIRED],
      [{ code: 'lodge-sa', link: 'http://example.com/receipt' }, 'link', MSG_OBLIGATION_LINK_INVALID],
      [{ code: 'file-taxes', link: 'https://example.com/receipt' }, 'code', MSG_OBLIGATION_UNKNOWN],
      [{ code: 'lodge-sa', serverFileName: bobsFile }, 'serverFileName', MSG_OBLIGATION_UPLOAD_UNKNOWN],
    ] as const) {
      const response = await close(alice.client, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.modelState).toEqual({ [field]: [message] })
    }
    expect((await close(bob.client, { code: 'lodge-sa', link: 'https://example.com/receipt' })).status).toBe(404)
    expect(await rows(sql`select * from app.obligation_proofs`)).toEqual([])

    const receipt = await uploadFile(alice, 'sa-lodgement-receipt.pdf')
    const closed = await close(alice.client, { code: 'lodge-sa', serverFileName: receipt, note: 'Lodged online' })
    expect(closed.status).toBe(200)
    expect(closed.body.obligations.find((o: any) => o.code === 'lodge-sa')).toMatchObject({
      status: 'done',
      proof: { kind: 'upload', reference: receipt, label: 'sa-lodgement-receipt.pdf', note: 'Lodged online', closedAt: expect.any(String) },
    })
    const linked = await close(alice.client, { code: 'publish-winners-vic', link: 'https://example.com/winners' })
    expect(linked.body.obligations.find((o: any) => o.code === 'publish-winners-vic')).toMatchObject({
      status: 'done',
      proof: { kind: 'link', reference: 'https://example.com/winners' },
    })
    // Staff see the same calendar.
    expect((await staff.get(`/api/promotion/obligations?id=${id}`)).body.obligations.filter((o: any) => o.status === 'done').map((o: any) => o.code)).toEqual([
      'lodge-sa',
      'publish-winners-vic',
    ])

    // The proof is kept by the upload sweeper (it refers to the file).
    const swept = await deleteUnattachedUploads(api.database.db, new Date(Date.now() + 86_400_000))
    expect(swept).not.toContain(receipt)
    expect(swept).toContain(bobsFile)
  })
})
