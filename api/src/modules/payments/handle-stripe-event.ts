/**
 * Stripe webhook events (issue 12), signature-checked by the route. Idempotent: each event id is
 * recorded in the transaction that acts on it, so a replayed event changes nothing. A
 * `payment_intent.succeeded` for an attempt the browser never came back from (3-D Secure
 * completed, tab closed) completes the payment exactly as the submit would: invoice paid with its
 * surcharge, status moved by the transition table, in one transaction. Already completed: no-op.
 */
import { AppError, cardTotal, PERMIT_STATUS_IDS as S, requireTransition } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion } from '../promotions/promotions.repository'
import { findInvoiceById, findPaymentByRef, recordStripeEvent, updateInvoice, updatePayment } from './payments.repository'
import { termsBought } from './submit-permit-application'
import { publishEvent } from '../../events/events'

export type StripeEventLike = {
  id: string
  type: string
  data: { object: { id?: string; object?: string; last_payment_error?: { message?: string } | null } }
}

const PAYABLE = new Set<number>([S.readySubmission, S.readyResubmission, S.readyGenerate, S.readyRegenerate, S.pendingPaymentClearance])

export async function handleStripeEvent(
  db: Db,
  event: StripeEventLike,
  now = new Date(),
): Promise<{ outcome: 'replay' | 'ignored' | 'failed' | 'already-paid' | 'completed'; promotionId?: number }> {
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return { outcome: 'replay' as const }
    const intentId = event.data.object.object === 'payment_intent' ? event.data.object.id : undefined
    if (!intentId || (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')) return { outcome: 'ignored' as const }
    const found = await findPaymentByRef(tx, intentId)
    if (!found) return { outcome: 'ignored' as const }
    // Lock order as the submit: the promotion first, then the invoice.
    const row = await findPromotion(tx, { userId: 0, isStaff: true }, found.promotionId, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const payment = (await findPaymentByRef(tx, intentId))!
    const invoice = (await findInvoiceById(tx, payment.invoiceId, { forUpdate: true }))!
    if (event.type === 'payment_intent.payment_failed') {
      if (payment.status !== 'succeeded')
        await updatePayment(tx, payment.id, { status: 'failed', message: event.data.object.last_payment_error?.message ?? null })
      return { outcome: 'failed' as const }
    }
    if (invoice.paidAt) {
      if (payment.status !== 'succeeded' && payment.gatewayRef === intentId && !invoice.cancelledAt)
        await updatePayment(tx, payment.id, { status: 'succeeded', message: null })
      return { outcome: 'already-paid' as const }
    }
    await updatePayment(tx, payment.id, { status: 'succeeded', message: null })
    await updateInvoice(tx, invoice.id, { method: 'card', ccSurcharge: cardTotal(invoice.amount, invoice.gst).surcharge, paidAt: now })
    let to = row.statusId
    if (invoice.purpose !== 'additional' && PAYABLE.has(row.statusId)) {
      to = requireTransition({
        from: row.statusId,
        event: row.statusId === S.pendingPaymentClearance ? 'PAY_CARD_AFTER_BPAY' : 'SUBMIT_CARD',
        role: 'customer',
        managedSubmission: row.managedSubmission,
        termsAwaitingApproval: invoice.purpose === 'submission' && row.managedSubmission && termsBought(row),
        resubmission: row.statusId === S.readyResubmission || row.statusId === S.readyRegenerate || invoice.purpose !== 'submission',
      })
      await updatePromotion(tx, row.id, { statusId: to })
    }
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: 'permit',
      entityId: row.id,
      action: 'stripeWebhook',
      changes: {
        ...(to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}),
        invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` },
      },
    })
    // As the submit announces a payment (issue 31): the receipt, the "submitted" mail and the lodgement pack subscribe.
    await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: invoice.invoiceNumber })
    if (to !== row.statusId) await publishEvent(tx, 'promotion.submitted', { promotionId: row.id, statusId: to })
    return { outcome: 'completed' as const, promotionId: row.id }
  })
}
