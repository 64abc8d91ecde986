/**
 * Staff approve a BPAY payment (001 §4, the staff console wires it): the promotion's invoice
 * awaiting BPAY is marked paid and the status leaves "Pending payment clearance" through the
 * transition table, in one transaction.
 */
import { AppError, MSG_BPAY_NOT_AVAILABLE, PERMIT_STATUS_IDS as S, requireTransition } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from '../promotions/promotions.repository'
import { findSubmissionInvoices, updateInvoice } from './payments.repository'
import { termsBought } from './submit-permit-application'
import { publishEvent } from '../../events/events'

export async function approveBpayPayment(db: Db, staff: Owner, promotionId: number, now = new Date()) {
  if (!staff.isStaff) throw new AppError('FORBIDDEN')
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, promotionId, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const invoice = (await findSubmissionInvoices(tx, row.id)).find((i) => !i.paidAt && i.method === 'bpay')
    if (!invoice) throw new AppError('CONFLICT', MSG_BPAY_NOT_AVAILABLE)
    // An additional payment by BPAY (status unchanged) is simply marked paid.
    const to =
      invoice.purpose === 'additional' && row.statusId !== S.pendingPaymentClearance
        ? row.statusId
        : requireTransition({
            from: row.statusId,
            event: 'APPROVE_BPAY_PAYMENT',
            role: 'admin',
            managedSubmission: row.managedSubmission,
            termsAwaitingApproval: invoice.purpose === 'submission' && row.managedSubmission && termsBought(row),
            resubmission: invoice.purpose !== 'submission',
          })
    const paid = await updateInvoice(tx, invoice.id, { paidAt: now })
    const after = to === row.statusId ? row : await updatePromotion(tx, row.id, { statusId: to })
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: 'permit',
      entityId: row.id,
      action: 'approveBpayPayment',
      changes: {
        ...(to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}),
        invoice: { from: `${invoice.invoiceNumber} awaiting BPAY`, to: `${invoice.invoiceNumber} paid by BPAY` },
      },
    })
    // The receipt (and, when the status moved on, the "submitted" mail) and the lodgement pack subscribe (issue 31).
    await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: paid.invoiceNumber })
    if (to !== row.statusId) await publishEvent(tx, 'promotion.submitted', { promotionId: row.id, statusId: to })
    return { promotion: after, invoice: paid }
  })
}
