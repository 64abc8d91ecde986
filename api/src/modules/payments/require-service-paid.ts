/**
 * Issue 22, paid services wait for their payment (decision record 019): the one check every
 * delivery of a paid service calls (T&Cs approval, PDF and hosted page; a draw's run,
 * certificate and public result; the lodgement pack). A service is delivered once nothing of the
 * promotion's fees is owed (no unpaid invoice and no rise not yet invoiced), or when staff
 * recorded a waiver with a reason in the changelog. Otherwise 402 with what to pay and where.
 */
import { AppError, formatCurrency, msgServiceUnpaid, type PaidService } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { owedDifference } from './owed-invoice'
import { findSubmissionInvoices, hasServiceWaiver } from './payments.repository'

const SYSTEM = { userId: 0, isStaff: true }

/** What the promotion still owes in cents (amount + GST), 0 when its fees are paid or the service was waived. */
export async function serviceOwed(db: DbOrTx, promotionId: number, service: PaidService): Promise<number> {
  const row = await findPromotion(db, SYSTEM, promotionId)
  if (!row) return 0
  const paid = (await findSubmissionInvoices(db, row.id)).filter((invoice) => invoice.paidAt)
  const { amount, gst } = owedDifference(row, paid)
  if (amount + gst === 0) return 0
  return (await hasServiceWaiver(db, row.id, service)) ? 0 : amount + gst
}

/** Throws 402 with the sentence naming what to pay and the payment page, unless the service is paid (or waived). */
export async function requireServicePaid(db: DbOrTx, promotionId: number, service: PaidService): Promise<void> {
  const owed = await serviceOwed(db, promotionId, service)
  if (owed === 0) return
  const message = msgServiceUnpaid(service, formatCurrency(owed), `/permit/edit/${promotionId}/payment/`)
  throw new AppError('PAYMENT_FAILED', message, { modelState: { payment: [message] } })
}

