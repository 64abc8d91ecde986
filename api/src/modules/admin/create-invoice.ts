/**
 * Whether staff may create an invoice now (issue 13 invoice/{id}/: the disabled button's tooltip).
 * The same two rules as the payment module's createCustomInvoice (POST /api/admin/createInvoice),
 * with the spec's tooltip wording.
 */
import { AppError, MSG_INVOICE_BLOCKED_AWAITING_PAYMENT, MSG_INVOICE_BLOCKED_TC_APPROVAL, PERMIT_STATUS_IDS } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findUnpaidInvoices } from '../payments/payments.repository'
import { findPromotionById } from './admin.repository'

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
