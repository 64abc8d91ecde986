/**
 * createInvoice (issue 13 invoice/{id}/create/; 001 §7: id, amount, gst): a staff ("custom")
 * invoice for a promotion, numbered from the same gapless counter as every invoice. Refused, with
 * the spec's tooltip wording, while the promotion awaits T&Cs approval or another of its invoices
 * awaits payment. Logged in the promotion's changelog.
 */
import { AppError, MSG_INVOICE_AMOUNT_REQUIRED, MSG_INVOICE_BLOCKED_AWAITING_PAYMENT, MSG_INVOICE_BLOCKED_TC_APPROVAL, PERMIT_STATUS_IDS } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { InvoiceRow } from '../../db/schema/payments'
import { insertChange } from '../changelog/changelog.repository'
import { countInvoices, findUnpaidInvoices, insertInvoice, nextInvoiceNumber } from '../payments/payments.repository'
import { findPromotionById } from './admin.repository'
import type { Staff } from './staff-write'

/** Why a new invoice cannot be created now (the tooltip of the disabled button), or null. */
export function invoiceBlockedReason(statusId: number, unpaid: readonly unknown[]): string | null {
  if (statusId === PERMIT_STATUS_IDS.awaitingSubmission) return MSG_INVOICE_BLOCKED_TC_APPROVAL
  if (unpaid.length > 0) return MSG_INVOICE_BLOCKED_AWAITING_PAYMENT
  return null
}

export async function getInvoiceBlock(db: Db, promotionId: number) {
  const row = await findPromotionById(db, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  return { blockedReason: invoiceBlockedReason(row.statusId, await findUnpaidInvoices(db, promotionId)) }
}

export async function createInvoice(db: Db, staff: Staff, input: { id: number; amount: number; gst: number; description?: string | null }): Promise<InvoiceRow> {
  if (input.amount <= 0 || input.gst < 0) throw new AppError('VALIDATION', MSG_INVOICE_AMOUNT_REQUIRED, { modelState: { amount: [MSG_INVOICE_AMOUNT_REQUIRED] } })
  return db.transaction(async (tx) => {
    const row = await findPromotionById(tx, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const blocked = invoiceBlockedReason(row.statusId, await findUnpaidInvoices(tx, row.id))
    if (blocked) throw new AppError('CONFLICT', blocked)
    const n = (await countInvoices(tx, row.id, 'custom')) + 1
    const invoice = await insertInvoice(tx, {
      invoiceNumber: await nextInvoiceNumber(tx),
      promotionId: row.id,
      userId: row.userId,
      purpose: 'custom',
      purposeKey: `custom-${n}`,
      lines: [{ description: input.description?.trim() || 'Additional services', amount: input.amount, taxable: input.gst > 0 }],
      amount: input.amount,
      gst: input.gst,
    })
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.id,
      entity: 'promotion',
      entityId: row.id,
      action: 'create-invoice',
      changes: { invoice: { from: null, to: { invoiceNumber: invoice.invoiceNumber, amount: invoice.amount, gst: invoice.gst } } },
    })
    return invoice
  })
}
