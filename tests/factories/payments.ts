/** Payment test data: sandbox cards, uploads, and applications "Ready for submission" (permit, or a game of skill). */
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Client, TestApi } from '../setup/test-api'
import { savePromotion, withCompleteApplication } from './permit'
import { createPromotion, type Customer } from './promotions'

export const VISA = { cardName: 'Pat Promoter', cardNumber: '4242 4242 4242 4242', cardSecurityCode: '123', cardExpiry: '12/35' }
/** The sandbox's (and Stripe's) card that is declined. */
export const DECLINED = { ...VISA, cardNumber: '4000 0000 0000 0002' }
/** The sandbox's (and Stripe's) 3-D Secure card: the payment needs the cardholder's authentication. */
export const NEEDS_AUTHENTICATION = { ...VISA, cardNumber: '4000 0027 6000 3184' }
export const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')

/** Uploads a small PDF as `name` for `customer`; the server's file name for it. */
export async function uploadFile(customer: Customer, name: string): Promise<string> {
  const data = new FormData()
  data.append('file', new Blob([pdfBytes]), name)
  const response = await customer.client.upload('/api/Upload', data)
  expect(response.status).toBe(201)
  return response.body.serverFileName as string
}

/**
 * A complete application of `customer` (with `fields` at creation) with attachments B and E
 * uploaded: "Ready for submission" (or "Ready to generate" when not managed).
 */
export async function readyPromotion(customer: Customer, fields: Record<string, unknown> = {}): Promise<number> {
  const id = await createPromotion(customer.client, fields)
  const saved = await savePromotion(customer.client, id, withCompleteApplication)
  const attachments = []
  for (const [code, name] of [
    ['B', 'terms.pdf'],
    ['E', 'advert.pdf'],
  ] as const) {
    attachments.push({ attachmentType: { code }, uploaded: true, fileName: await uploadFile(customer, name) })
  }
  const attached = await customer.client.post('/api/promotion/saveAttachments', { id, versionNumber: saved.body.versionNumber, attachments })
  expect(attached.body.permitStatus?.slug, JSON.stringify(attached.body.applicationIssues)).toBe(
    fields.managedSubmission === false ? 'ready-generate' : 'ready-submission',
  )
  return id
}

/** A game of skill (no permit) of `customer`, its application complete: "Ready for submission". */
export async function readySkillPromotion(customer: Customer): Promise<number> {
  const id = await createPromotion(customer.client, { name: 'Caption contest', skillsBasedTC: true })
  const saved = await savePromotion(customer.client, id, (p) => {
    const complete = withCompleteApplication(p)
    return { ...complete, permit: { ...complete.permit, judgingCriteria: 'wit and originality', judges: 'a panel of three staff of the promoter' } }
  })
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text}`)
  const promotion = (await customer.client.get(`/api/promotion/get?id=${id}`)).body
  if (promotion.permitStatus.slug !== 'ready-submission') throw new Error(`not ready: ${JSON.stringify(promotion.applicationIssues ?? promotion.permitStatus)}`)
  return id
}

/** Moves the purchases of promotion `id` back in time by `days` (edit windows count from the payment). */
export async function paidDaysAgo(api: TestApi, id: number, days: number) {
  await api.database.db.execute(sql`update app.invoices set paid_at = paid_at - make_interval(days => ${days}) where promotion_id = ${id}`)
}

/**
 * Issue 22: staff waive the payment of paid services of promotion `id` (a changelog line with the
 * reason), for tests about a service's content rather than its payment.
 */
export async function waivePayment(staff: Client, id: number, services: ('terms' | 'draw' | 'lodgementPack')[] = ['terms', 'draw', 'lodgementPack']) {
  for (const service of services) {
    const response = await staff.post('/api/admin/waiveServicePayment', { id, service, reason: 'Test of the service itself, not of its payment' })
    expect(response.status, response.text).toBe(200)
  }
}
