/**
 * POST /api/promotion/submitAdditionalPayment (001 §7, issue 12): after the application was paid,
 * a change that raised the fees (a higher prize tier, another service) is invoiced for the
 * difference only, and paid like the first payment: by card now, or by BPAY (staff approve it).
 * The status does not change; the dashboard says so with `?additionalPayment`.
 */
import { AppError, crnForInvoice, MSG_NO_ADDITIONAL_PAYMENT_DUE, PERMIT_STATUS_IDS as S, type SubmitPermitApplication } from '@permitdesk/shared'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { isTestMode } from './payment-gateway'
import { findSubmissionInvoices, updateInvoice } from './payments.repository'
import { assertStillOwed } from './owed-invoice'
import { chargeInvoiceByCard, ensureOwedInvoice, statusView, type PaymentDeps } from './submit-permit-application'

export async function submitAdditionalPayment(deps: PaymentDeps, actor: Owner, input: SubmitPermitApplication) {
  const now = deps.now?.() ?? new Date()
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const live = await findSubmissionInvoices(tx, row.id)
    // Only after a paid submission, and not while the first payment awaits BPAY clearance.
    if (!live.some((i) => i.purpose === 'submission' && i.paidAt) || row.statusId === S.pendingPaymentClearance) {
      throw new AppError('CONFLICT', MSG_NO_ADDITIONAL_PAYMENT_DUE)
    }
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) })
    if (!invoice) throw new AppError('CONFLICT', MSG_NO_ADDITIONAL_PAYMENT_DUE)
    assertStillOwed(invoice, input)
    if (input.isBPAY) {
      const pending = await updateInvoice(tx, invoice.id, { method: 'bpay', crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 })
      await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: 'promotion', entityId: row.id, action: 'submitAdditionalPayment', changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting BPAY` } } })
      return { kind: 'done' as const, row, invoice: pending, card: null }
    }
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now)
    if (result.kind === 'failed') return result
    if (result.kind === 'requires_action') return { kind: 'requires_action' as const, row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId }
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: 'promotion', entityId: row.id, action: 'submitAdditionalPayment', changes: { invoice: { from: null, to: `${invoice.invoiceNumber} paid by card` } } })
    return { kind: 'done' as const, row, invoice: result.invoice, card: result.card }
  })
  if (outcome.kind === 'failed') throw new AppError('PAYMENT_FAILED', outcome.message)
  if (outcome.kind === 'requires_action') {
    return {
      id: outcome.row.id,
      permitStatus: statusView(outcome.row.statusId),
      invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
      card: null,
      requiresAction: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId },
    }
  }
  deps.afterCommit?.({
    kind: outcome.invoice.paidAt ? 'paid' : 'bpay',
    promotionId: outcome.row.id,
    promotionName: outcome.row.name,
    statusId: outcome.row.statusId,
    userId: outcome.row.userId,
    invoiceNumber: outcome.invoice.invoiceNumber,
  })
  return { id: outcome.row.id, permitStatus: statusView(outcome.row.statusId), invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card }
}
