/**
 * Issue 26, the WA notice (001 §4: staff approve a promotion, optionally sending to WA when not
 * amending and not yet started; 001 §6: WA selected, always a WA notice). Approving with "send to
 * WA" publishes an event in the approval's transaction; its handler e-mails the notice PDF to the
 * WA department address of the CMS site settings and records it. Mail is read from the outbox.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import PostalMime from 'postal-mime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG_WA_NOTICE_ADDRESS_MISSING, PERMIT_STATUS_IDS } from '@permitdesk/shared'
import { handlerQueue, startOutboxRelay } from '../../api/src/events/delivery'
import { startWaNoticeHandler } from '../../api/src/jobs/wa-notice'
import { silentLogger } from '../../api/src/logger'
import { createMailer } from '../../api/src/mail/create-mailer'
import { PdfService } from '../../api/src/pdf/pdf-service'
import { createStorage } from '../../api/src/storage/create-storage'
import { createCustomer, createPromotion, setPromotionStatus, type Customer } from '../factories/promotions'
import { signInStaff } from '../setup/accounts'
import { startTestApi, type Client, type TestApi } from '../setup/test-api'

const WA_DEPARTMENT = 'trade.promotions@wa-regulator.example'

let api: TestApi
let staff: Client
let customer: Customer
let boss: PgBoss
let pdf: PdfService
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  api = await startTestApi()
  staff = api.client()
  await signInStaff(staff, api)
  customer = await createCustomer(api)
  pdf = new PdfService({ chromiumPath: api.config.CHROMIUM_PATH })
  boss = new PgBoss({ connectionString: api.dbUrl, schema: 'pgboss' })
  await boss.start()
  const deps = {
    database: api.database,
    config: api.config,
    logger: silentLogger,
    mailer: createMailer(api.config, silentLogger),
    storage: createStorage(api.config),
    pdf: () => pdf,
  }
  stops.push(await startWaNoticeHandler(boss, deps, { pollingIntervalSeconds: 0.5 }))
  stops.push(startOutboxRelay(boss, deps, { pollingIntervalMs: 200 }))
})
afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
  await boss?.stop({ graceful: false, close: true })
  await pdf?.close()
  await api?.close()
})

const outbox = () => path.join(api.config.DATA_DIR, 'outbox')
const mailFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : [])
/** The parsed mails sent to the WA department so far. */
async function waMails() {
  const parsed = await Promise.all(mailFiles().map((f) => PostalMime.parse(fs.readFileSync(path.join(outbox(), f)))))
  return parsed.filter((m) => m.to?.some((t) => t.address === WA_DEPARTMENT))
}
const setWaAddress = async (email: string | null) => {
  await api.database.db.execute(sql`delete from cms.site_settings`)
  await api.database.db.execute(sql`insert into cms.site_settings (product_name, wa_notice_email) values ('PermitDesk', ${email})`)
}
const submittedPromotion = async (overrides: Record<string, unknown>) => {
  const id = await createPromotion(customer.client, overrides)
  await setPromotionStatus(api.database.db, id, PERMIT_STATUS_IDS.submitted)
  return id
}
const waRequests = async () =>
  Number((await api.database.db.execute(sql`select count(*)::int as n from app.outbox_events where type = 'promotion.wa-notice-requested'`)).rows[0]!.n)

describe('approving with "send to WA"', () => {
  it('is refused, and changes nothing, while the CMS has no WA department address', async () => {
    await setWaAddress(null)
    const id = await submittedPromotion({ name: 'No address yet', ausStates: { wa: true, nsw: true } })
    const refused = await staff.post('/api/admin/approvePromotion', { promotionId: id, sendToWA: true })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ message: MSG_WA_NOTICE_ADDRESS_MISSING, modelState: { sendToWA: [MSG_WA_NOTICE_ADDRESS_MISSING] } })
    expect((await staff.get(`/api/admin/getPromotion?id=${id}`)).body).toMatchObject({
      statusId: PERMIT_STATUS_IDS.submitted,
      waNotice: { requested: false, sentAt: null },
    })
    expect(await waRequests()).toBe(0)
  })

  it('e-mails the WA notice PDF to the department once, and records when and to whom', async () => {
    await setWaAddress(WA_DEPARTMENT)
    const id = await submittedPromotion({ name: 'Perth summer draw', ausStates: { wa: true, nsw: true } })
    // A customer cannot approve (nor send anything to WA).
    expect((await customer.client.post('/api/promotion/approvePromotion', { promotionId: id, sendToWA: true })).status).toBe(403)

    const approved = await staff.post('/api/promotion/approvePromotion', { promotionId: id, sendToWA: true })
    expect(approved.status, approved.text).toBe(200)
    await expect.poll(async () => (await waMails()).length, { timeout: 60_000, interval: 500 }).toBe(1)
    const [mail] = await waMails()
    expect(mail!.subject).toBe(`WA trade promotion notice: Perth summer draw (PermitDesk ${id})`)
    expect(mail!.text).toContain('includes Western Australia')
    expect(mail!.attachments).toHaveLength(1)
    const attachment = mail!.attachments[0]!
    expect(attachment.filename).toBe(`WA notice - ${id}.pdf`)
    expect(attachment.mimeType).toBe('application/pdf')
    expect(
      Buffer.from(attachment.content as ArrayBuffer)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')

    await expect.poll(async () => (await staff.get(`/api/admin/getPromotion?id=${id}`)).body.waNotice.sentAt, { timeout: 15_000 }).not.toBeNull()
    const detail = (await staff.get(`/api/admin/getPromotion?id=${id}`)).body
    expect(detail).toMatchObject({ statusId: PERMIT_STATUS_IDS.approved, waNotice: { requested: true, sentTo: WA_DEPARTMENT } })
    const changelog = (await staff.get(`/api/admin/getChangelog?id=${id}`)).body
    expect(JSON.stringify(changelog)).toContain('wa-notice-sent')

    // pg-boss delivers at least once: the same event again mails nothing more.
    const [event] = (
      await api.database.db.execute(
        sql`select id, payload from app.outbox_events where type = 'promotion.wa-notice-requested' and (payload->>'promotionId')::int = ${id}`,
      )
    ).rows as { id: number; payload: unknown }[]
    const again = await boss.send(handlerQueue({ name: 'wa-notice-mail' }), { eventId: event!.id, payload: event!.payload })
    await expect.poll(async () => (await boss.getJobById(handlerQueue({ name: 'wa-notice-mail' }), again!))?.state, { timeout: 15_000 }).toBe('completed')
    expect(await waMails()).toHaveLength(1)
  })

  it('sends nothing for a promotion without WA, an amendment or one already started (001 §4)', async () => {
    await setWaAddress(WA_DEPARTMENT)
    const before = await waRequests()
    const noWa = await submittedPromotion({ name: 'NSW only', ausStates: { nsw: true } })
    const amending = await submittedPromotion({ name: 'Amending', ausStates: { wa: true } })
    await setPromotionStatus(api.database.db, amending, PERMIT_STATUS_IDS.resubmitted)
    const started = await submittedPromotion({ name: 'Started', ausStates: { wa: true } })
    await api.database.db.execute(sql`update app.promotions set start_date = current_date - 3 where id = ${started}`)
    for (const id of [noWa, amending, started]) {
      const approved = await staff.post('/api/admin/approvePromotion', { promotionId: id, sendToWA: true })
      expect(approved.status, approved.text).toBe(200)
      expect((await staff.get(`/api/admin/getPromotion?id=${id}`)).body.waNotice).toEqual({ requested: false, sentAt: null, sentTo: null })
    }
    expect(await waRequests()).toBe(before)
  })
})
