/**
 * Staff create a custom invoice for a promotion (001 §7 admin createInvoice: id, amount, gst).
 * Refused, with the spec's tooltips, while the T&Cs await approval or another invoice awaits
 * payment (the rule is `invoiceBlockedReason`, which also words the staff screen's tooltip).
 * Gapless number; shown to the customer as `pendingCustomInvoice`.
 */
import { AppError, MSG_INVOICE_AMOUNT_REQUIRED } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { invoiceBlockedReason } from '../admin/create-invoice'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { countInvoices, findUnpaidInvoices, insertInvoice, nextInvoiceNumber } from './payments.repository'

export async function createCustomInvoice(
  db: Db,
  staff: Owner,
  input: { id: number; amount: number; gst: number; description?: string | null | undefined },
  { testMode = false } = {},
) {
  if (!staff.isStaff) throw new AppError('FORBIDDEN')
  if (input.amount + input.gst <= 0) throw new AppError('VALIDATION', MSG_INVOICE_AMOUNT_REQUIRED, { modelState: { amount: [MSG_INVOICE_AMOUNT_REQUIRED] } })
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const blocked = invoiceBlockedReason(row.statusId, await findUnpaidInvoices(tx, row.id))
    if (blocked) throw new AppError('CONFLICT', blocked)
    const n = (await countInvoices(tx, row.id, 'custom')) + 1
    const invoice = await insertInvoice(tx, {
      invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
      testMode,
      promotionId: row.id,
      userId: row.userId,
      purpose: 'custom',
      purposeKey: `custom-${n}`,
      lines: [{ description: input.description || 'Additional services', amount: input.amount, taxable: input.gst > 0 }],
      amount: input.amount,
      gst: input.gst,
    })
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'createInvoice',
      changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting payment` } },
    })
    return invoice
  })
}
