/**
 * Staff cancel an unpaid invoice (001 §4, §7 /api/invoice/cancel). A paid invoice is not
 * cancelled here (that is a refund, outside the service). The cancellation is in the changelog.
 */
import { AppError, MSG_INVOICE_ALREADY_CANCELLED, MSG_INVOICE_ALREADY_PAID, MSG_PAYMENT_IN_PROGRESS } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { cancelUnpaidInvoice, findInvoiceByNumber, type Viewer } from './payments.repository'

export async function cancelInvoice(db: Db, staff: Viewer, invoiceNumber: number, now = new Date()) {
  if (!staff.isStaff) throw new AppError('FORBIDDEN')
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceByNumber(tx, staff, invoiceNumber, { forUpdate: true })
    if (!invoice) throw new AppError('NOT_FOUND')
    if (invoice.cancelledAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_CANCELLED)
    if (invoice.paidAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_PAID)
    // Issue 22: never while a card charge for it is unanswered (the money may be taken).
    const cancelled = await cancelUnpaidInvoice(tx, invoice.id, now)
    if (!cancelled) throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS)
    await insertChange(tx, {
      promotionId: invoice.promotionId,
      userId: staff.userId,
      entity: 'promotion',
      entityId: invoice.promotionId,
      action: 'cancelInvoice',
      changes: { invoice: { from: `${invoiceNumber} awaiting payment`, to: `${invoiceNumber} cancelled` } },
    })
    return cancelled
  })
}
