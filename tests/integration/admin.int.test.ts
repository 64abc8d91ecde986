/**
 * The admin service (issue 13): the guard on every admin call (401 signed out; 403 customers,
 * agents, marketing staff; API keys never), and each staff action with its rule, message and
 * changelog entry.
 */
import {
  MSG_ACTION_ENTRY_EMPTY,
  MSG_ADMIN_NOTE_REQUIRED,
  MSG_EMAIL_IN_USE,
  MSG_EMAIL_REQUIRED,
  MSG_INVALID_APPROVAL_DATE,
  MSG_INVALID_PERMIT_NUMBER,
  MSG_INVOICE_AMOUNT_REQUIRED,
  MSG_INVOICE_BLOCKED_AWAITING_PAYMENT,
  MSG_INVOICE_BLOCKED_TC_APPROVAL,
  MSG_NEW_STATUS_REQUIRED,
  MSG_PERMIT_EXPIRY_TOO_FAR,
  MSG_PROMOTION_NOT_LOCKED,
  MSG_STATE_NOT_IN_PROMOTION,
} from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../api/src/app'
import type { RouteSpec } from '../../api/src/http/route'
import { loadConfig } from '../../api/src/env'
import { silentLogger } from '../../api/src/logger'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { readOutbox, signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

let api: TestApi
let staff: Client
let staffId: number
let customer: Customer
let agent: Customer
let marketing: Customer
let promotionId: number

beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  staffId = (await signInStaff(staff, api)).userId
  customer = await createCustomer(api)
  agent = await createCustomer(api, { authorisedAgent: true })
  marketing = await createCustomer(api, { staffRole: 'marketing' })
  promotionId = await createPromotion(customer.client)
})
afterAll(async () => api?.close())

const changelogOf = async (id: number) =>
  (await api.database.db.execute(sql`select action, user_id, entity, changes from app.changelog where promotion_id = ${id} order by id`)).rows as any[]

describe('the staff guard, on every admin call', () => {
  // Every declared call of the app (the route list app.ts mounts): the admin service and every other staff-only call.
  const routes = createApp({
    config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATABASE_URL: 'postgres://unused:unused@127.0.0.1:1/unused', DATA_DIR: '.test-data/route-list' }),
    database: { db: null } as never,
    logger: silentLogger,
  }).locals.apiRoutes as RouteSpec[]
  const specs = routes.filter((s) => /^\/admin(Note)?\//i.test(s.path) || s.access === 'staff')

  it('covers every call of /api/admin and /api/adminNote with access staff', () => {
    expect(specs.length).toBeGreaterThan(40)
    for (const spec of specs) expect(spec.access, spec.path).toBe('staff')
    const paths = specs.map((s) => s.path)
    for (const name of [
      'getPromotions',
      'createInvoice',
      'approveBpayPayment',
      'getChangelog',
      'forcePromotionStatusChange',
      'lockPromotion',
      'unlockPromotion',
      'approvePromotion',
      'createActionEntry',
      'getActionFields',
      'assign',
      'getUsers',
      'updateUserEmail',
      'getCustomerContacts',
      'getCustomerContact',
      'claimCustomerContact',
      'resolveCustomerContact',
      'isPromotionActive',
      'statistics',
    ]) {
      expect(paths, name).toContain(`/admin/${name}`)
    }
    for (const name of ['get', 'getTasks', 'create', 'update', 'delete', 'resolve']) expect(paths).toContain(`/adminNote/${name}`)
    for (const name of [
      'lock',
      'unlock',
      'getOutstanding',
      'getActionsRequired',
      'getChangelog',
      'statistics',
      'savePermitNumber',
      'sendPermitNumberUpdate',
      'markFormsSubmitted',
      'forceSaPremium',
    ])
      expect(paths).toContain(`/promotion/${name}`)
  })

  const call = (client: Client, spec: { method: string; path: string }, headers?: Record<string, string>) =>
    spec.method === 'get'
      ? client.get(`/api${spec.path}?id=${promotionId}`, headers)
      : client.post(`/api${spec.path}`, { id: promotionId, promotionId }, headers)

  it('answers 401 signed out, and to a bearer key without a session', async () => {
    for (const spec of specs) {
      expect((await call(api.client(), spec)).status, spec.path).toBe(401)
      expect((await call(api.client(), spec, { authorization: 'Bearer pd_live_not-a-key' })).status, spec.path).toBe(401)
    }
  })

  it('answers 403 to customers, agents and marketing staff, and changes nothing', async () => {
    for (const spec of specs) {
      for (const who of [customer, agent, marketing]) expect((await call(who.client, spec)).status, `${spec.path}`).toBe(403)
    }
    const row = (await api.database.db.execute(sql`select status_id, deleted from app.promotions where id = ${promotionId}`)).rows[0] as any
    expect(row).toEqual({ status_id: 1, deleted: false })
    expect((await changelogOf(promotionId)).map((e) => e.action)).toEqual(['create'])
  })

  it('lets staff through (GET calls answer 200)', async () => {
    for (const spec of specs.filter((s) => s.method === 'get')) {
      const response = await call(staff, spec)
      expect(response.status, `${spec.path}: ${response.text}`).toBe(
        ['/adminNote/get', '/admin/getCustomerContact'].includes(spec.path) ? 404 : spec.path === '/invoice/getArbitrary' ? 400 : 200,
      )
    }
  })
})

describe('promotion detail actions', () => {
  it('forces any status but the current one, logged from → to', async () => {
    const id = await createPromotion(customer.client)
    const same = await staff.post('/api/admin/forcePromotionStatusChange', { id, newStatus: 1 })
    expect(same.status).toBe(400)
    expect(same.body.message).toBe(MSG_NEW_STATUS_REQUIRED)
    const forced = await staff.post('/api/admin/forcePromotionStatusChange', { id, newStatus: 4 })
    expect(forced.body).toMatchObject({ id, statusId: 4, statusName: 'Submitted and awaiting feedback' })
    // Entering a waiting status is a submission: the outstanding list counts days from it.
    const [{ submitted_at: submittedAt }] = (await api.database.db.execute(sql`select submitted_at from app.promotions where id = ${id}`)).rows as any[]
    expect(submittedAt).not.toBeNull()
    await staff.post('/api/admin/forcePromotionStatusChange', { id, newStatus: 5 })
    expect(((await api.database.db.execute(sql`select submitted_at from app.promotions where id = ${id}`)).rows[0] as any).submitted_at).toEqual(submittedAt)
    await staff.post('/api/admin/forcePromotionStatusChange', { id, newStatus: 4 })
    const log = await changelogOf(id)
    expect(log.filter((e) => e.action === 'force-status').map((e) => e.changes.statusId)).toEqual([
      { from: 1, to: 4 },
      { from: 4, to: 5 },
      { from: 5, to: 4 },
    ])
    expect(log.at(-1)).toMatchObject({ action: 'force-status', user_id: staffId })
    // The changelog screen's call: newest first, with who.
    const changelog = await staff.get(`/api/admin/getChangelog?id=${id}`)
    expect(changelog.body[0]).toMatchObject({ action: 'force-status', userName: expect.any(String), changes: { statusId: { from: 5, to: 4 } } })
    expect(changelog.body.at(-1).action).toBe('create')
    expect((await staff.get('/api/admin/getChangelog?id=99999999')).status).toBe(404)
  })

  it('locks and unlocks back to the previous status (both paths)', async () => {
    const id = await createPromotion(customer.client)
    await setPromotionStatus(api.database.db, id, 2)
    expect((await staff.post('/api/promotion/unlock', { id })).body.message).toBe(MSG_PROMOTION_NOT_LOCKED)
    expect((await staff.post('/api/promotion/lock', { id })).body).toMatchObject({ statusId: 12 })
    // The customer can no longer edit a locked promotion.
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body.permitStatus.id).toBe(12)
    expect((await staff.post('/api/admin/unlockPromotion', { promotionId: id })).body).toMatchObject({ statusId: 2 })
    expect((await changelogOf(id)).slice(-2)).toMatchObject([
      { action: 'lock', changes: { statusId: { from: 2, to: 12 } } },
      { action: 'unlock', changes: { statusId: { from: 12, to: 2 } } },
    ])
  })

  it('deletes and restores; the customer loses and regains it', async () => {
    const id = await createPromotion(customer.client)
    expect((await staff.post('/api/admin/deletePromotion', { id })).body.deleted).toBe(true)
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).status).toBe(404)
    expect((await staff.post('/api/admin/restorePromotion', { id })).body.deleted).toBe(false)
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).status).toBe(200)
    expect((await changelogOf(id)).slice(-2).map((e) => e.action)).toEqual(['delete', 'restore'])
  })

  it('approves a submitted promotion only', async () => {
    const id = await createPromotion(customer.client)
    expect((await staff.post('/api/admin/approvePromotion', { promotionId: id, sendToWA: false })).status).toBe(409)
    await setPromotionStatus(api.database.db, id, 4)
    const approved = await staff.post('/api/admin/approvePromotion', { promotionId: id, sendToWA: true })
    expect(approved.body).toMatchObject({ statusId: 8, statusName: 'Approved' })
    expect((await changelogOf(id)).at(-1)).toMatchObject({ action: 'approve', changes: { statusId: { from: 4, to: 8 } } })
  })

  it('marks forms submitted per state of the promotion', async () => {
    const id = await createPromotion(customer.client)
    expect((await staff.post('/api/promotion/markFormsSubmitted', { id, state: 'VIC' })).body.message).toBe(MSG_STATE_NOT_IN_PROMOTION)
    const marked = await staff.post('/api/promotion/markFormsSubmitted', { id, state: 'NSW' })
    expect(marked.body.formsSubmitted.NSW).toEqual(expect.any(String))
    expect((await changelogOf(id)).at(-1).action).toBe('mark-forms-submitted')
  })

  it('reports owner activity: isPromotionActive warns while the owner works', async () => {
    const id = await createPromotion(customer.client)
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body.active).toBe(false)
    // Staff editing does not count as the owner being active.
    await staff.post('/api/promotion/reportActivity', { id })
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body.active).toBe(false)
    expect((await customer.client.post('/api/promotion/reportActivity', { id })).status).toBe(200)
    expect((await staff.get(`/api/admin/isPromotionActive?id=${id}`)).body).toMatchObject({ active: true, lastActivity: expect.any(String) })
  })
})

describe('action entries', () => {
  it('lists flaggable fields, refuses an empty entry, and moves the promotion to Action required with an e-mail', async () => {
    const fields = (await staff.get('/api/admin/getActionFields')).body
    expect(fields).toContainEqual({ slug: 'applicant', name: 'Applicant' })
    const id = await createPromotion(customer.client, { name: 'Winter draw' })
    await setPromotionStatus(api.database.db, id, 4)
    const empty = await staff.post('/api/admin/createActionEntry', { promotionId: id })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(MSG_ACTION_ENTRY_EMPTY)
    const created = await staff.post('/api/admin/createActionEntry', {
      promotionId: id,
      actionFields: [{ actionFieldSlug: 'applicant', comment: 'The ABN does not match the organisation.' }],
      actionQuestions: [{ question: 'Who supplies the prizes?' }],
    })
    expect(created.body).toEqual({ id, statusId: 6 })
    const promotion = (await customer.client.get(`/api/promotion/get?id=${id}`)).body
    expect(promotion.permitStatus.id).toBe(6)
    expect(promotion.actionEntry).toMatchObject({
      actionFields: [{ actionFieldSlug: 'applicant', checked: true }],
      actionQuestions: [{ question: 'Who supplies the prizes?' }],
    })
    const mail = (await readOutbox(api.config.DATA_DIR)).filter((m) => m.to === customer.email && m.subject === 'Action required: Winter draw')
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('The ABN does not match the organisation.')
    expect((await changelogOf(id)).at(-1)).toMatchObject({ action: 'create-action-entry', changes: { statusId: { from: 4, to: 6 } } })
    const required = (await staff.get('/api/promotion/getActionsRequired')).body
    expect(required).toContainEqual(expect.objectContaining({ id, questions: 1, answered: 0, flaggedFields: 1 }))
  })
})

describe('permit numbers', () => {
  it('applies the shared rules and messages, then saves, logs and e-mails', async () => {
    const id = await createPromotion(customer.client, { name: 'NSW and ACT draw' })
    const today = new Date().toISOString().slice(0, 10)
    const yy = String(new Date().getFullYear() % 100).padStart(2, '0')
    const save = (body: Record<string, unknown>) =>
      staff.post('/api/promotion/savePermitNumber', { promotionId: id, state: 'NSW', number: 'NTP/12345', approvalDate: '2026-01-05', ...body })
    const asDefault = await save({ number: 'NTP/' })
    expect(asDefault.status).toBe(400)
    expect(asDefault.body.modelState.number).toEqual([MSG_INVALID_PERMIT_NUMBER])
    expect((await save({ number: 'TP 26/1' })).body.modelState.number).toEqual([MSG_INVALID_PERMIT_NUMBER])
    expect((await save({ approvalDate: '2999-01-01' })).body.modelState.approvalDate).toEqual([MSG_INVALID_APPROVAL_DATE])
    expect((await save({ expiryDate: '2099-01-01' })).body.message).toBe(MSG_PERMIT_EXPIRY_TOO_FAR)
    expect((await save({ state: 'SA', number: `T${yy}/77` })).body.message).toBe(MSG_STATE_NOT_IN_PROMOTION)
    const nsw = await save({ approvalDate: today })
    expect(nsw.status).toBe(200)
    expect(nsw.body.permitNumbers.NSW).toMatchObject({ number: 'NTP/12345', approvalDate: today })
    // Where the T&Cs' permit-numbers clause reads it (modules/terms).
    expect(((await api.database.db.execute(sql`select details->>'permitNumber_NSW' as n from app.promotions where id = ${id}`)).rows[0] as any).n).toBe(
      'NTP/12345',
    )
    expect((await save({ state: 'ACT', number: `TP ${yy}/00042` })).status).toBe(200)
    expect((await changelogOf(id)).at(-1)).toMatchObject({ action: 'save-permit-number' })
    // Searchable by permit number.
    expect((await staff.get('/api/admin/getPromotions?q=ntp/12345')).body.promotions.map((p: any) => p.id)).toEqual([id])
    expect((await staff.post('/api/promotion/sendPermitNumberUpdate', { id })).body).toEqual({ sent: 2 })
    const mail = (await readOutbox(api.config.DATA_DIR)).find((m) => m.to === customer.email && m.subject === 'Permit numbers for NSW and ACT draw')
    expect(mail?.text).toContain('NSW: NTP/12345')
  })
})

describe('promotion search', () => {
  it('pages by 10, hides test promotions unless asked, and queries by account, promotion and note', async () => {
    const searcher = await createCustomer(api, { accountName: 'Zebra Crossing Marketing' })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await createPromotion(searcher.client, { name: `Quokka giveaway ${i}` }))
    await api.database.db.execute(sql`update app.promotions set is_test = true where id = ${ids[0]}`)
    const page1 = (await staff.get('/api/admin/getPromotions?q=QUOKKA')).body
    expect(page1).toMatchObject({ total: 11, pageSize: 10 })
    expect(page1.promotions).toHaveLength(10)
    expect((await staff.get('/api/admin/getPromotions?q=quokka&page=2')).body.promotions).toHaveLength(1)
    expect((await staff.get('/api/admin/getPromotions?q=quokka&showTest=true')).body.total).toBe(12)
    // By account name and e-mail of the owner.
    expect((await staff.get('/api/admin/getPromotions?q=zebra%20crossing')).body.total).toBe(11)
    expect((await staff.get(`/api/admin/getPromotions?q=${encodeURIComponent(searcher.email)}`)).body.total).toBe(11)
    expect((await staff.get(`/api/admin/getPromotions?account_id=${searcher.id}&showTest=true`)).body.total).toBe(12)
    expect((await staff.get(`/api/admin/getPromotions?promotion_id=${ids[3]}`)).body.promotions.map((p: any) => p.id)).toEqual([ids[3]])
    const note = (await staff.post('/api/adminNote/create', { note: 'Check prizes', promotionId: ids[5] })).body
    expect((await staff.get(`/api/admin/getPromotions?note_id=${note.id}`)).body.promotions.map((p: any) => p.id)).toEqual([ids[5]])
    // LIKE wildcards are literal.
    expect((await staff.get('/api/admin/getPromotions?q=%25%25')).body.total).toBe(0)
  })
})

describe('admin notes (tasks)', () => {
  it('creates, lists, updates, assigns, resolves and deletes, each logged', async () => {
    const empty = await staff.post('/api/adminNote/create', { note: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(MSG_ADMIN_NOTE_REQUIRED)
    const id = await createPromotion(customer.client)
    const created = (await staff.post('/api/adminNote/create', { note: 'Call the promoter', promotionId: id, makeTask: true, dueDate: '2027-01-15' })).body
    expect(created).toMatchObject({ note: 'Call the promoter', promotionId: id, assignedTo: null, resolved: false, isTask: true, dueDate: '2027-01-15' })
    expect((await staff.get('/api/adminNote/getTasks?assignedTo=me')).body.map((n: any) => n.id)).not.toContain(created.id)
    // Assign only to staff.
    expect((await staff.post('/api/admin/assign', { id: created.id, assignedTo: customer.id })).status).toBe(400)
    expect((await staff.post('/api/admin/assign', { id: created.id, assignedTo: staffId })).body).toMatchObject({ assignedTo: staffId })
    expect((await staff.get('/api/adminNote/getTasks?assignedTo=me')).body.map((n: any) => n.id)).toContain(created.id)
    expect((await staff.post('/api/adminNote/update', { id: created.id, note: 'Called: waiting for reply' })).body.note).toBe('Called: waiting for reply')
    expect((await staff.post('/api/adminNote/resolve', { id: created.id })).body.resolved).toBe(true)
    expect((await staff.get('/api/adminNote/getTasks')).body.map((n: any) => n.id)).not.toContain(created.id)
    expect((await staff.get('/api/adminNote/getTasks?resolved=true')).body.map((n: any) => n.id)).toContain(created.id)
    expect((await staff.get(`/api/adminNote/get?id=${created.id}`)).body).toMatchObject({ id: created.id, resolved: true })
    expect((await staff.post('/api/adminNote/delete', { id: created.id })).body).toEqual({ id: created.id })
    expect((await staff.get(`/api/adminNote/get?id=${created.id}`)).status).toBe(404)
    const log = (await changelogOf(id)).filter((e) => e.entity === 'staff-task')
    expect(log.map((e) => e.action)).toEqual(['create', 'assign', 'modify', 'resolve', 'delete'])
    expect(log[1].changes.assignedTo).toEqual({ from: null, to: staffId })
  })

  it('attaches to a customer contact', async () => {
    const [contact] = (
      await api.database.db.execute(
        sql`insert into app.customer_contacts (kind, name, email, message) values ('help', 'Vic Visitor', 'vic@example.com', 'Do I need a permit?') returning id`,
      )
    ).rows as any[]
    const note = (await staff.post('/api/adminNote/create', { note: 'Reply by phone', customerContactId: contact.id })).body
    expect((await staff.get(`/api/adminNote/getTasks?customerContactId=${contact.id}&kind=all`)).body.map((n: any) => n.id)).toEqual([note.id])
  })
})

describe('outstanding', () => {
  it('lists waiting promotions oldest first with colours, and keeps each staff member’s default filters', async () => {
    const owner = await createCustomer(api)
    const old = await createPromotion(owner.client, { name: 'Old one' })
    const fresh = await createPromotion(owner.client, { name: 'Fresh one' })
    const awaiting = await createPromotion(owner.client, { name: 'Awaiting terms' })
    await api.database.db.execute(sql`update app.promotions set status_id = 4, submitted_at = now() - interval '6 days' where id = ${old}`)
    await api.database.db.execute(sql`update app.promotions set status_id = 4, submitted_at = now() - interval '1 hour' where id = ${fresh}`)
    await api.database.db.execute(sql`update app.promotions set status_id = 15, submitted_at = now() - interval '4 days 1 hour' where id = ${awaiting}`)
    const rows = (await staff.get('/api/promotion/getOutstanding?useSaved=false')).body.rows.filter((r: any) => [old, fresh, awaiting].includes(r.id))
    expect(rows.map((r: any) => [r.id, r.daysSinceSubmission, r.colour])).toEqual([
      [old, 6, 'danger'],
      [awaiting, 4, 'danger'],
      [fresh, 0, 'default'],
    ])
    expect((await staff.post('/api/admin/saveOutstandingFilters', { statusIds: [15] })).status).toBe(200)
    const saved = (await staff.get('/api/promotion/getOutstanding')).body
    expect(saved.filters).toEqual({ statusIds: [15] })
    expect(saved.rows.every((r: any) => r.statusId === 15)).toBe(true)
  })
})

describe('users', () => {
  it('lists 20 a page with search; updates an e-mail with the spec messages, logs it and tells both addresses; ends sessions', async () => {
    const target = await createCustomer(api, { firstName: 'Umberto' })
    const other = await createCustomer(api)
    const found = (await staff.get('/api/admin/getUsers?q=umberto')).body
    expect(found).toMatchObject({ total: 1, pageSize: 20 })
    expect(found.users[0].id).toBe(target.id)
    const missing = await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: ' ' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(MSG_EMAIL_REQUIRED)
    const taken = await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: other.email.toUpperCase() })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe(MSG_EMAIL_IN_USE)
    const newEmail = `new-${target.id}@example.com`
    expect((await staff.post('/api/admin/updateUserEmail', { userId: target.id, email: newEmail })).body).toEqual({ userId: target.id, email: newEmail })
    const told = (await readOutbox(api.config.DATA_DIR)).filter((m) => /e-mail address was changed/.test(m.subject)).map((m) => m.to)
    expect(told).toEqual(expect.arrayContaining([target.email, newEmail]))
    const log = (await staff.get(`/api/admin/getUserLog?id=${target.id}`)).body
    expect(log[0]).toMatchObject({ action: 'update-email', userId: staffId, changes: { email: { from: target.email, to: newEmail } } })
    // Ending sessions signs the user out.
    expect((await target.client.get('/api/account/get')).status).toBe(200)
    expect((await staff.post('/api/admin/endUserSessions', { userId: target.id })).body).toEqual({ ended: 1, apiKeysRevoked: 0, calendarFeedReplaced: false })
    expect((await target.client.get('/api/account/get')).status).toBe(401)
  })
})

describe('customer contacts', () => {
  it('lists, claims and resolves, with received and resolved dates', async () => {
    const [row] = (
      await api.database.db.execute(
        sql`insert into app.customer_contacts (kind, name, email, message) values ('agency', 'Agnes Agency', 'agnes@example.com', 'We run 40 promotions a year.') returning id`,
      )
    ).rows as any[]
    const list = (await staff.get('/api/admin/getCustomerContacts')).body
    expect(list.contacts.map((c: any) => c.id)).toContain(row.id)
    expect((await staff.get(`/api/admin/getCustomerContacts?contact_id=${row.id}`)).body.contacts).toHaveLength(1)
    expect((await staff.post('/api/admin/claimCustomerContact', { id: row.id })).body.assignedTo).toBe('staff@permitdesk.test')
    const resolved = (await staff.post('/api/admin/resolveCustomerContact', { id: row.id })).body
    expect(resolved).toMatchObject({ receivedAt: expect.any(String), resolvedAt: expect.any(String) })
    expect((await staff.post('/api/admin/resolveCustomerContact', { id: row.id })).status).toBe(409)
    expect((await staff.get(`/api/admin/getCustomerContact?id=${row.id}`)).body.resolvedAt).not.toBeNull()
  })
})

describe('statistics', () => {
  it('counts by status, state and month, with percentages to 2 decimals and conversion', async () => {
    const stats = (await staff.get('/api/admin/statistics')).body
    expect(stats.total).toBeGreaterThan(0)
    const sum = stats.byStatus.reduce((s: number, r: any) => s + r.count, 0)
    expect(sum).toBe(stats.total)
    for (const r of stats.byStatus) expect(Number.isInteger(r.percentage * 100)).toBe(true)
    expect(stats.byState.find((s: any) => s.state === 'NSW').count).toBeGreaterThan(0)
    expect(stats.conversion.created).toBe(stats.total)
    expect(stats.byMonth[0]).toMatchObject({ month: expect.stringMatching(/^\d{4}-\d{2}$/) })
    expect(stats.revenueByService.map((r: any) => r.label)).toContain('Permit management')
    expect((await staff.get('/api/promotion/statistics')).body.total).toBe(stats.total)
  })
})

describe('staff invoices', () => {
  it('creates a custom invoice (dollars on the wire), blocked while another awaits payment or T&Cs await approval', async () => {
    const id = await createPromotion(customer.client)
    expect((await staff.get(`/api/admin/getInvoiceBlock?id=${id}`)).body).toEqual({ blockedReason: null })
    const zero = await staff.post('/api/admin/createInvoice', { id, amount: 0, gst: 0 })
    expect(zero.status).toBe(400)
    expect(zero.body.message).toBe(MSG_INVOICE_AMOUNT_REQUIRED)
    const created = await staff.post('/api/admin/createInvoice', { id, amount: 150.5, gst: 15.05, description: 'Extra draw' })
    expect(created.status, created.text).toBe(200)
    expect(created.body).toMatchObject({ promotionId: id, purpose: 'custom', amount: 150.5, gst: 15.05, total: 165.55, status: 'awaiting payment' })
    // The customer sees it among the promotion's invoices.
    expect((await customer.client.get(`/api/invoice/getInvoices?promotionId=${id}`)).body.invoices.map((i: any) => i.invoiceNumber)).toContain(
      created.body.invoiceNumber,
    )
    const blocked = await staff.post('/api/admin/createInvoice', { id, amount: 10, gst: 1 })
    expect(blocked.status).toBe(409)
    expect(blocked.body.message).toBe(MSG_INVOICE_BLOCKED_AWAITING_PAYMENT)
    expect((await staff.get(`/api/admin/getInvoiceBlock?id=${id}`)).body.blockedReason).toBe(MSG_INVOICE_BLOCKED_AWAITING_PAYMENT)
    expect((await staff.post('/api/invoice/cancel', { invoiceNumber: created.body.invoiceNumber })).body.status).toBe('cancelled')
    expect((await staff.post('/api/admin/createInvoice', { id, amount: 10, gst: 1 })).status).toBe(200)
    expect((await changelogOf(id)).filter((e) => e.action === 'createInvoice')).toHaveLength(2)

    const awaitingTerms = await createPromotion(customer.client)
    await setPromotionStatus(api.database.db, awaitingTerms, 15)
    const refused = await staff.post('/api/admin/createInvoice', { id: awaitingTerms, amount: 10, gst: 1 })
    expect(refused.body.message).toBe(MSG_INVOICE_BLOCKED_TC_APPROVAL)
  })
})

describe('attachments (staff override)', () => {
  it("staff override the relevant list through the promotion save; the customer's save cannot change it", async () => {
    const id = await createPromotion(customer.client)
    const current = (await staff.get(`/api/promotion/get?id=${id}`)).body
    const saved = await staff.post('/api/promotion/save', { ...current, attachmentsManualOverride: true, attachmentsManuallyRequired: 'B' })
    expect(saved.status, saved.text).toBe(200)
    const seen = (await customer.client.get(`/api/promotion/get?id=${id}`)).body
    expect(seen).toMatchObject({ attachmentsManualOverride: true, attachmentsManuallyRequired: 'B' })
    await customer.client.post('/api/promotion/save', { ...seen, attachmentsManualOverride: false, attachmentsManuallyRequired: null })
    expect((await customer.client.get(`/api/promotion/get?id=${id}`)).body).toMatchObject({ attachmentsManualOverride: true, attachmentsManuallyRequired: 'B' })
  })
})
