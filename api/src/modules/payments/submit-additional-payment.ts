/**
 * POST /api/promotion/submitAdditionalPayment (001 §7, issue 12): after the application was paid,
 * a change that raised the fees (a higher prize tier, another service) is invoiced for the
 * difference only, and paid like the first payment: by card now, or by BPAY (staff approve it).
 * The status does not change; the dashboard says so with `?additionalPayment`.
 */
import {
  AppError,
  crnForInvoice,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_NO_ADDITIONAL_PAYMENT_DUE,
  MSG_PAYMENT_IN_PROGRESS,
  PERMIT_STATUS_IDS as S,
  type SubmitPermitApplication,
} from '@permitdesk/shared'
import type { InvoiceRow } from '../../db/schema/payments'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { isTestMode } from './payment-gateway'
import { findSubmissionInvoices, updateInvoice } from './payments.repository'
import { assertStillOwed } from './owed-invoice'
import { ensureOwedInvoice, statusView, type PaymentDeps } from './submit-permit-application'
import { beginCardAttempt, findResumableAttempt, sendCardAttempt, settleCardAttempt, type CardAttempt } from './card-attempt'
import { publishEvent } from '../../events/events'

export async function submitAdditionalPayment(deps: PaymentDeps, actor: Owner, input: SubmitPermitApplication) {
  const now = deps.now?.() ?? new Date()
  type Done = { kind: 'done'; row: PromotionRow; invoice: InvoiceRow; card: { brand: string | null; last4: string | null } | null }
  const first = await deps.db.transaction(async (tx): Promise<Done | { kind: 'charge'; attempt: CardAttempt }> => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const live = await findSubmissionInvoices(tx, row.id)
    // Only after a paid submission, and not while the first payment awaits BPAY clearance.
    if (!live.some((i) => i.purpose === 'submission' && i.paidAt) || row.statusId === S.pendingPaymentClearance) {
      throw new AppError('CONFLICT', MSG_NO_ADDITIONAL_PAYMENT_DUE)
    }
    // A card charge in flight answers 409; one whose answer was lost is resent (card-attempt.ts).
    const resumable = await findResumableAttempt(tx, row.id, now)
    if (resumable && input.isBPAY) throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS)
    const invoice = resumable?.invoice ?? (await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) }))
    if (!invoice) throw new AppError('CONFLICT', MSG_NO_ADDITIONAL_PAYMENT_DUE)
    assertStillOwed(invoice, input)
    if (input.isBPAY) {
      const pending = await updateInvoice(tx, invoice.id, { method: 'bpay', crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 })
      await insertChange(tx, {
        promotionId: row.id,
        userId: actor.userId,
        entity: 'promotion',
        entityId: row.id,
        action: 'submitAdditionalPayment',
        changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting BPAY` } },
      })
      await publishEvent(tx, 'payment.bpayChosen', { promotionId: row.id, invoiceNumber: invoice.invoiceNumber })
      return { kind: 'done', row, invoice: pending, card: null }
    }
    return { kind: 'charge', attempt: await beginCardAttempt(tx, deps.gateway, row, invoice, input, now, resumable?.payment, deps.claimant?.() ?? null) }
  })
  const outcome =
    first.kind === 'done'
      ? first
      : await (async () => {
          // No transaction open while the card is charged; the answer is recorded in a second short one.
          const answer = await sendCardAttempt(deps.gateway, first.attempt, now)
          return deps.db.transaction(async (tx) => {
            const row = (await findPromotion(tx, { userId: 0, isStaff: true }, input.id, { forUpdate: true }))!
            const settled = await settleCardAttempt(tx, first.attempt, answer, { now, actorUserId: actor.userId })
            if (settled.kind === 'requires_action') return { ...settled, row }
            if (settled.kind !== 'paid') return settled
            if (!settled.fresh) return { kind: 'done' as const, row, invoice: settled.invoice, card: settled.card }
            await insertChange(tx, {
              promotionId: row.id,
              userId: actor.userId,
              entity: 'promotion',
              entityId: row.id,
              action: 'submitAdditionalPayment',
              changes: { invoice: { from: null, to: `${settled.invoice.invoiceNumber} paid by card` } },
            })
            await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: settled.invoice.invoiceNumber })
            return { kind: 'done' as const, row, invoice: settled.invoice, card: settled.card }
          })
        })()
  if (outcome.kind === 'unknown')
    throw new AppError('PAYMENT_FAILED', MSG_CARD_MAY_HAVE_BEEN_CHARGED, {
      cause: outcome.error,
      internalMessage: 'gateway error: the attempt is kept to be resent with its key',
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
  return {
    id: outcome.row.id,
    permitStatus: statusView(outcome.row.statusId),
    invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
    card: outcome.card,
  }
}
