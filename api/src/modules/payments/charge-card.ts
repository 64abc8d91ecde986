/**
 * Staff charge a card for an unpaid invoice (001 §7 admin chargeCard; 001 §9: 1.5% surcharge on
 * amount plus GST), through the same gateway path as the customer's payment (idempotency key per
 * attempt, brand and last four digits only). The promotion's status does not change.
 */
import { AppError, MSG_INVOICE_ALREADY_CANCELLED, MSG_INVOICE_ALREADY_PAID, MSG_STAFF_CARD_NEEDS_AUTHENTICATION } from '@permitdesk/shared'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { findInvoiceByNumber } from './payments.repository'
import { chargeInvoiceByCard, type PaymentDeps } from './submit-permit-application'

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
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber)
    if (!found) throw new AppError('NOT_FOUND')
    // Lock order as the customer's payment: the promotion, then the invoice.
    const row = await findPromotion(tx, staff, found.promotionId, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    const invoice = (await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber, { forUpdate: true }))!
    if (invoice.cancelledAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_CANCELLED)
    if (invoice.paidAt) throw new AppError('CONFLICT', MSG_INVOICE_ALREADY_PAID)
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now)
    if (result.kind !== 'paid') return result
    await insertChange(tx, { promotionId: row.id, userId: staff.userId, entity: 'promotion', entityId: row.id, action: 'chargeCard', changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } } })
    return { kind: 'paid' as const, row, invoice: result.invoice, card: result.card }
  })
  if (outcome.kind === 'failed') throw new AppError('PAYMENT_FAILED', outcome.message)
  if (outcome.kind === 'requires_action') throw new AppError('PAYMENT_FAILED', MSG_STAFF_CARD_NEEDS_AUTHENTICATION)
  deps.afterCommit?.({ kind: 'paid', promotionId: outcome.row.id, promotionName: outcome.row.name, statusId: outcome.row.statusId, userId: outcome.row.userId, invoiceNumber: outcome.invoice.invoiceNumber })
  return { invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card }
}
