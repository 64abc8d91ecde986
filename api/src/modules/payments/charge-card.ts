/**
 * Staff charge a card for an unpaid invoice (001 §7 admin chargeCard; 001 §9: 1.5% surcharge on
 * amount plus GST), through the same gateway path as the customer's payment (idempotency key per
 * attempt, brand and last four digits only; no transaction open while the card is charged). The
 * promotion's status does not change; a declined card leaves staff's invoice owed.
 */
import {
  AppError,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_INVOICE_ALREADY_CANCELLED,
  MSG_INVOICE_ALREADY_PAID,
  MSG_PAYMENT_IN_PROGRESS,
  MSG_STAFF_CARD_NEEDS_AUTHENTICATION,
} from '@permitdesk/shared'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { findInvoiceByNumber } from './payments.repository'
import { type PaymentDeps } from './submit-permit-application'
import { beginCardAttempt, findResumableAttempt, sendCardAttempt, settleCardAttempt } from './card-attempt'
import { publishEvent } from '../../events/events'

export type ChargeCardInput = {
  invoiceNumber: number
  cardName?: string | undefined
  cardNumber?: string | undefined
  cardExpiry?: string | undefined
  cardSecurityCode?: string | undefined
  paymentMethodId?: string | undefined
  isReattempt: boolean
}

export async function chargeCard(deps: PaymentDeps, staff: Owner, input: ChargeCardInput) {
  if (!staff.isStaff) throw new AppError('FORBIDDEN')
  const now = deps.now?.() ?? new Date()
  // Step 1 (card-attempt.ts): checks and the attempt recorded, in a short transaction.
  const attempt = await deps.db.transaction(async (tx) => {
    const found = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber)
    if (!found) throw new AppError('NOT_FOUND')
    // Lock order as the customer's payment: the promotion, then the invoice.
    const row = await findPromotion(tx, staff, found.promotionId, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const invoice = (await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber, { forUpdate: true }))!
    if (invoice.cancelledAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_CANCELLED)
    if (invoice.paidAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_PAID)
    const resumable = await findResumableAttempt(tx, row.id, now)
    // Another invoice's charge of this promotion whose answer was lost: the customer's next submit resends it.
    if (resumable && resumable.invoice.id !== invoice.id) throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS)
    return beginCardAttempt(tx, deps.gateway, row, invoice, { ...input, paymentIntentId: undefined }, now, resumable?.payment, deps.claimant?.() ?? null)
  })
  // Step 2: the gateway, with no transaction open.
  const answer = await sendCardAttempt(deps.gateway, attempt, now)
  // Step 3: the answer recorded.
  const outcome = await deps.db.transaction(async (tx) => {
    const row = (await findPromotion(tx, staff, attempt.invoice.promotionId, { forUpdate: true }))!
    const settled = await settleCardAttempt(tx, attempt, answer, { now, actorUserId: staff.userId })
    if (settled.kind !== 'paid') return settled
    const invoice = settled.invoice
    if (settled.fresh) {
      // The receipt mail and the lodgement pack subscribe (issue 31); a payment the webhook recorded first was announced there.
      await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: invoice.invoiceNumber })
      await insertChange(tx, {
        promotionId: row.id,
        userId: staff.userId,
        entity: 'promotion',
        entityId: row.id,
        action: 'chargeCard',
        changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } },
      })
    }
    return { kind: 'paid' as const, row, invoice, card: settled.card }
  })
  if (outcome.kind === 'unknown')
    throw new AppError('PAYMENT_FAILED', MSG_CARD_MAY_HAVE_BEEN_CHARGED, {
      cause: outcome.error,
      internalMessage: 'gateway error: the attempt is kept to be resent with its key',
    })
  if (outcome.kind === 'failed') throw new AppError('PAYMENT_FAILED', outcome.message)
  if (outcome.kind === 'requires_action') throw new AppError('PAYMENT_FAILED', MSG_STAFF_CARD_NEEDS_AUTHENTICATION)
  return { invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card }
}
