/** Payment test data: sandbox cards and an application "Ready for submission" with its attachments. */
import { expect } from 'vitest'
import { savePromotion, withCompleteApplication } from './permit'
import { createPromotion, type Customer } from './promotions'

export const VISA = { cardName: 'Pat Promoter', cardNumber: '4242 4242 4242 4242', cardSecurityCode: '123', cardExpiry: '12/35' }
/** The sandbox's (and Stripe's) 3-D Secure card: the payment needs the cardholder's authentication. */
export const NEEDS_AUTHENTICATION = { ...VISA, cardNumber: '4000 0027 6000 3184' }
export const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')

/** A complete application of `customer` (with `fields` at creation) with attachments B and E uploaded: "Ready for submission". */
export async function readyPromotion(customer: Customer, fields: Record<string, unknown> = {}): Promise<number> {
  const id = await createPromotion(customer.client, fields)
  const saved = await savePromotion(customer.client, id, withCompleteApplication)
  const attachments = []
  for (const [code, name] of [['B', 'terms.pdf'], ['E', 'advert.pdf']] as const) {
    const data = new FormData()
    data.append('file', new Blob([pdfBytes]), name)
    attachments.push({ attachmentType: { code }, uploaded: true, fileName: (await customer.client.upload('/api/Upload', data)).body.serverFileName })
  }
  const attached = await customer.client.post('/api/promotion/saveAttachments', { id, versionNumber: saved.body.versionNumber, attachments })
  expect(attached.body.permitStatus?.slug).toBe('ready-submission')
  return id
}
