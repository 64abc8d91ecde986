/**
 * Issue 26, the staff-side gaps: statistics staff can act on (words for every service, the
 * provider's revenue apart from government fees, filters, turnaround, outstanding by age, test
 * promotions left out), the test flag, noteLastAction, the /api/promotion/approvePromotion alias
 * and the list filters for staff.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG_STATISTICS_RANGE, MSG_TASK_DUE_DATE_REQUIRED, PERMIT_STATUS_IDS } from '@permitdesk/shared'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let staff: Client
let customer: Customer
let other: Customer

beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  await signInStaff(staff, api)
  customer = await createCustomer(api)
  other = await createCustomer(api)
})
afterAll(async () => api?.close())

const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date())
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`

describe('statistics staff can act on', () => {
  it('shows words for every service, counts only the provider fees as revenue, and government fees apart', async () => {
    // NSW + ACT at $20,000 with a random draw: NSW $468 and ACT $721 (over $10,000) are government fees.
    const id = await createPromotion(customer.client, { name: 'Revenue check', randomDraw: true })
    await setPromotionStatus(api.database.db, id, PERMIT_STATUS_IDS.submitted)
    const before = (await staff.get('/api/admin/statistics')).body
    expect(before.revenueByService.map((r: any) => r.label)).toEqual([
      'Permit management',
      'Random draw',
      'T&Cs (game of chance)',
      'T&Cs (game of skill)',
      'Abridged T&Cs',
      'Hosted T&Cs',
      'Winner publication',
    ])
    for (const row of before.revenueByService) expect(row.label).not.toMatch(/[A-Z][a-z]+[A-Z]/) // no CamelCase code names
    const government = Object.fromEntries(before.governmentFees.map((g: any) => [g.state, g.amount]))
    expect(government.NSW).toBeGreaterThanOrEqual(468)
    expect(government.ACT).toBeGreaterThanOrEqual(373)
    const revenueSum = before.revenueByService.reduce((s: number, r: any) => s + r.amount, 0)
    expect(before.revenueTotal).toBeCloseTo(revenueSum, 2)
    expect(before.governmentFeesTotal).toBeCloseTo(
      before.governmentFees.reduce((s: number, g: any) => s + g.amount, 0),
      2,
    )

    // Another paid promotion moves revenue by its provider fees only (two permits: $270 + $150 draw).
    const second = await createPromotion(customer.client, { name: 'Second', randomDraw: true })
    await setPromotionStatus(api.database.db, second, PERMIT_STATUS_IDS.submitted)
    const after = (await staff.get('/api/admin/statistics')).body
    expect(after.revenueTotal - before.revenueTotal).toBeCloseTo(270 + 150, 2)
    expect(after.governmentFeesTotal - before.governmentFeesTotal).toBeCloseTo(468 + 721, 2)
  })

  it('filters by state, service and created date range, and refuses a range that ends before it starts', async () => {
    const sa = await createPromotion(other.client, { name: 'SA only', ausStates: { sa: true }, totalPrizeValue: 8000, hasInstantWinPrizes: false })
    const all = (await staff.get('/api/admin/statistics')).body
    const saOnly = (await staff.get('/api/admin/statistics?state=SA')).body
    expect(saOnly.total).toBeGreaterThanOrEqual(1)
    expect(saOnly.total).toBeLessThan(all.total)
    expect(saOnly.byState.find((s: any) => s.state === 'SA').count).toBe(saOnly.total)
    const draws = (await staff.get('/api/admin/statistics?service=randomDraw')).body
    expect(draws.total).toBeGreaterThanOrEqual(2)
    expect(draws.total).toBeLessThan(all.total)
    // Created long ago: out of a range that ends last year.
    await api.database.db.execute(sql`update app.promotions set created_at = ${daysAgo(400)} where id = ${sa}`)
    const lastYear = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10)
    const old = (await staff.get(`/api/admin/statistics?to=${lastYear}`)).body
    expect(old.total).toBe(1)
    expect((await staff.get(`/api/admin/statistics?from=${sydneyToday()}`)).body.total).toBe(all.total - 1)
    const bad = await staff.get('/api/admin/statistics?from=2026-11-02&to=2026-11-01')
    expect(bad.status).toBe(400)
    expect(bad.body.modelState.to).toEqual([MSG_STATISTICS_RANGE])
    expect((await staff.get('/api/admin/statistics?state=XX')).status).toBe(400)
    expect((await customer.client.get('/api/admin/statistics')).status).toBe(403)
  })

  it('measures turnaround from submission to permit number per state, and outstanding work by age', async () => {
    const id = await createPromotion(customer.client, { name: 'Turnaround' })
    await setPromotionStatus(api.database.db, id, PERMIT_STATUS_IDS.submitted)
    await api.database.db.execute(sql`update app.promotions set submitted_at = ${daysAgo(6)} where id = ${id}`)
    const beforeStats = (await staff.get('/api/admin/statistics')).body
    expect(beforeStats.outstandingByAge.map((b: any) => b.label)).toEqual(['Under 2 days', '2 to 4 days', '5 to 9 days', '10 days or more'])
    expect(beforeStats.outstandingByAge.find((b: any) => b.label === '5 to 9 days').count).toBeGreaterThanOrEqual(1)
    const saved = await staff.post('/api/promotion/savePermitNumber', { promotionId: id, state: 'NSW', number: 'NTP/55501', approvalDate: sydneyToday() })
    expect(saved.status, saved.text).toBe(200)
    const stats = (await staff.get('/api/admin/statistics')).body
    const nsw = stats.turnaround.find((t: any) => t.state === 'NSW')
    expect(nsw.measured).toBeGreaterThanOrEqual(1)
    expect(nsw.medianDays).toBeGreaterThanOrEqual(5)
    expect(nsw.p90Days).toBeGreaterThanOrEqual(nsw.medianDays)
  })
})

describe('test promotions', () => {
  it('are marked and cleared by staff only, logged, and left out of statistics unless asked for', async () => {
    const id = await createPromotion(other.client, { name: 'Staff trial' })
    const before = (await staff.get('/api/admin/statistics')).body.total
    expect((await other.client.post('/api/admin/setTestPromotion', { id, isTest: true })).status).toBe(403)
    expect((await api.client().post('/api/admin/setTestPromotion', { id, isTest: true })).status).toBe(401)
    expect((await staff.post('/api/admin/setTestPromotion', { id, isTest: 'yes' })).status).toBe(400)
    expect((await staff.post('/api/admin/setTestPromotion', { id: 999_999, isTest: true })).status).toBe(404)
    const marked = await staff.post('/api/admin/setTestPromotion', { id, isTest: true })
    expect(marked.body).toEqual({ id, isTest: true })
    expect((await staff.get('/api/admin/statistics')).body.total).toBe(before - 1)
    expect((await staff.get('/api/admin/statistics?includeTest=true')).body.total).toBe(before)
    expect(
      (await staff.get(`/api/admin/getPromotion?id=${id}`)).body.isTest ??
        (await staff.get(`/api/admin/getPromotions?promotion_id=${id}&showTest=true`)).body.promotions?.[0]?.isTest,
    ).toBe(true)
    expect((await staff.post('/api/admin/setTestPromotion', { id, isTest: false })).body.isTest).toBe(false)
    const log = (await api.database.db.execute(sql`select action from app.changelog where promotion_id = ${id} order by id`)).rows.map((r: any) => r.action)
    expect(log).toEqual(expect.arrayContaining(['mark-test', 'clear-test']))
  })
})

describe('noteLastAction', () => {
  it('names the last thing done to a note, with its date, and survives a deletion', async () => {
    const id = await createPromotion(customer.client, { name: 'Notes' })
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body).toMatchObject({ notesCount: 0, noteLastAction: null, noteLastDate: null })
    const note = (await customer.client.post('/api/promotionNote/save', { note: 'Call the printer', promotion_id: id })).body
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body).toMatchObject({
      notesCount: 1,
      noteLastAction: 'Note added',
      noteLastDate: expect.any(String),
    })
    await customer.client.post('/api/promotionNote/save', { id: note.id, note: 'Call the printer on Monday', promotion_id: id })
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body.noteLastAction).toBe('Note edited')
    await customer.client.post('/api/promotionNote/delete', { id: note.id })
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body).toMatchObject({ notesCount: 0, noteLastAction: 'Note deleted' })
  })
})

describe('/api/promotion/approvePromotion', () => {
  it('is the same call as /api/admin/approvePromotion (001 §7 names both)', async () => {
    const id = await createPromotion(customer.client, { name: 'Approve alias' })
    await setPromotionStatus(api.database.db, id, PERMIT_STATUS_IDS.submitted)
    expect((await customer.client.post('/api/promotion/approvePromotion', { promotionId: id })).status).toBe(403)
    const approved = await staff.post('/api/promotion/approvePromotion', { promotionId: id, sendToWA: false })
    expect(approved.status, approved.text).toBe(200)
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.id).toBe(PERMIT_STATUS_IDS.approved)
  })
})

describe('promotion list filters for staff', () => {
  it('lists another account, by applicant and by the test flag; customers only ever see their own', async () => {
    const mine = await createPromotion(other.client, { name: 'Filter me' })
    await api.database.db.execute(sql`update app.promotions set applicant = '{"organisation":"Acme Widgets Pty Ltd"}'::jsonb where id = ${mine}`)
    const byAccount = (await staff.get(`/api/promotion/list?account=${other.id}&count=100&getTotal=true`)).body
    expect(byAccount.promotions.map((p: any) => p.id)).toContain(mine)
    expect(byAccount.promotionCount).toBe((await other.client.get('/api/promotion/list?count=100&getTotal=true')).body.promotionCount)
    expect((await staff.get(`/api/promotion/list?account=${other.id}&applicant=acme&count=100`)).body.promotions.map((p: any) => p.id)).toEqual([mine])
    await staff.post('/api/admin/setTestPromotion', { id: mine, isTest: true })
    expect((await staff.get(`/api/promotion/list?account=${other.id}&test=only&count=100`)).body.promotions.map((p: any) => p.id)).toEqual([mine])
    expect((await staff.get(`/api/promotion/list?account=${other.id}&test=hide&count=100`)).body.promotions.map((p: any) => p.id)).not.toContain(mine)
    // A customer naming another account still lists their own promotions only.
    const snooping = (await customer.client.get(`/api/promotion/list?account=${other.id}&count=100`)).body.promotions.map((p: any) => p.id)
    expect(snooping).not.toContain(mine)
    expect((await staff.get('/api/promotion/list?test=sometimes')).status).toBe(400)
  })
})

describe('notes and tasks kept apart', () => {
  it('a note stays a note until staff make it a task with a due date; the task says where it came from', async () => {
    const id = await createPromotion(customer.client, { name: 'Notes are not tasks' })
    const note = (await staff.post('/api/adminNote/create', { note: 'Promoter prefers e-mail', promotionId: id })).body
    expect(note).toMatchObject({ isTask: false, dueDate: null, source: expect.stringMatching(/^Staff note/) })
    const mainList = async () => (await staff.get('/api/adminNote/getTasks')).body.map((n: any) => n.id)
    expect(await mainList()).not.toContain(note.id)
    // The promotion shows its notes and tasks together.
    expect((await staff.get(`/api/adminNote/getTasks?promotionId=${id}&kind=all`)).body.map((n: any) => n.id)).toContain(note.id)
    expect((await staff.get(`/api/adminNote/getTasks?promotionId=${id}&kind=notes`)).body.map((n: any) => n.id)).toEqual([note.id])
    // A task needs its due date, from create or from "make this a task".
    const noDate = await staff.post('/api/adminNote/create', { note: 'Chase the permit', promotionId: id, makeTask: true })
    expect(noDate.status).toBe(400)
    expect(noDate.body.modelState.dueDate).toEqual([MSG_TASK_DUE_DATE_REQUIRED])
    const undated = await staff.post('/api/adminNote/makeTask', { id: note.id })
    expect(undated.status, undated.text).toBe(400)
    expect(undated.body.modelState.dueDate).toEqual([MSG_TASK_DUE_DATE_REQUIRED])
    expect((await staff.post('/api/adminNote/makeTask', { id: note.id, dueDate: '2027-02-01', assignedTo: customer.id })).status).toBe(400)
    const task = (await staff.post('/api/adminNote/makeTask', { id: note.id, dueDate: '2027-02-01' })).body
    expect(task).toMatchObject({ id: note.id, isTask: true, dueDate: '2027-02-01', assignedTo: null })
    expect(await mainList()).toContain(note.id)
    // A customer's request is a task from the start, and says so.
    await customer.client.post('/api/promotion/requestLawyerContact', { id })
    const lawyer = (await staff.get(`/api/adminNote/getTasks?promotionId=${id}`)).body.find((n: any) => n.kind === 'lawyer-contact')
    expect(lawyer).toMatchObject({ isTask: true, source: 'Customer asked for a lawyer' })
    const log = (
      await api.database.db.execute(sql`select action from app.changelog where entity = 'staff-task' and entity_id = ${note.id} order by id`)
    ).rows.map((r: any) => r.action)
    expect(log).toEqual(['create', 'make-task'])
  })
})

describe('both sides told who else is editing', () => {
  it('the owner hears of staff, staff hear of the owner, and nobody hears of themselves', async () => {
    const id = await createPromotion(customer.client, { name: 'Two editors' })
    expect((await customer.client.post('/api/promotion/reportActivity', { id })).body).toEqual({ ok: true, otherEditor: null })
    expect((await staff.post('/api/promotion/reportActivity', { id })).body).toEqual({ ok: true, otherEditor: 'owner' })
    expect((await customer.client.post('/api/promotion/reportActivity', { id })).body).toEqual({ ok: true, otherEditor: 'staff' })
    // Long ago is not now.
    await api.database.db.execute(
      sql`update app.promotions set owner_active_at = now() - interval '10 minutes', staff_active_at = now() - interval '10 minutes' where id = ${id}`,
    )
    expect((await staff.post('/api/promotion/reportActivity', { id })).body.otherEditor).toBeNull()
    expect((await other.client.post('/api/promotion/reportActivity', { id })).status).toBe(404)
  })
})

describe('statistics computed once per change', () => {
  it('answers the same figures until a promotion changes, then fresh ones', async () => {
    const first = (await staff.get('/api/admin/statistics?service=hostedTC')).body
    const again = (await staff.get('/api/admin/statistics?service=hostedTC')).body
    expect(again.asOf).toBe(first.asOf)
    await createPromotion(other.client, { name: 'Hosted terms', hostedTC: true })
    const fresh = (await staff.get('/api/admin/statistics?service=hostedTC')).body
    expect(fresh.total).toBe(first.total + 1)
  })
})
