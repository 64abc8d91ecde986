/**
 * Issue 22, paid services wait for their payment (decision record 019): the one check every
 * delivery of a paid service calls (T&Cs approval, PDF and hosted page; a draw's run,
 * certificate and public result; the lodgement pack). A service is delivered once nothing of the
 * promotion's fees is owed (no unpaid invoice and no rise not yet invoiced), or when staff
 * recorded a waiver with a reason in the changelog. Otherwise 402 with what to pay and where; a
 * service the promotion has not bought says so and where to add it.
 */
import { AppError, formatCurrency, msgServiceNotBought, msgServiceUnpaid, PAID_SERVICE_NAMES, type PaidService } from '@permitdesk/shared'
import type { PromotionRow } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { invoiceDueNow } from './owed-invoice'
import { findSubmissionInvoices, hasServiceWaiver } from './payments.repository'

const SYSTEM = { userId: 0, isStaff: true }

/** Whether the promotion has the service among its services (the lodgement pack comes with every application). */
export function serviceBought(
  row: Pick<PromotionRow, 'randomDraw' | 'termsAndConditions' | 'skillsBasedTC' | 'abridgedTC' | 'hostedTC'>,
  service: PaidService,
): boolean {
  if (service === 'draw') return row.randomDraw
  if (service === 'terms') return row.termsAndConditions || row.skillsBasedTC || row.abridgedTC || row.hostedTC
  return true
}

export type ServiceState = { kind: 'paid' } | { kind: 'owed'; cents: number } | { kind: 'notBought' }

/**
 * The service's state: waived or nothing owed → paid; otherwise what the payment page would
 * charge now (amount + GST of the invoice due now, from the current fees and the paid invoices:
 * the same function the payment uses), never a stale or zero figure.
 */
export async function serviceState(db: DbOrTx, promotionId: number, service: PaidService): Promise<ServiceState> {
  const row = await findPromotion(db, SYSTEM, promotionId)
  if (!row) return { kind: 'paid' }
  if (await hasServiceWaiver(db, row.id, service)) return { kind: 'paid' }
  if (!serviceBought(row, service)) return { kind: 'notBought' }
  const paid = (await findSubmissionInvoices(db, row.id)).filter((invoice) => invoice.paidAt)
  const due = invoiceDueNow(row, paid)
  const cents = due ? due.amount + due.gst : 0
  // Fees priced before a field existed read as missing: never a refusal for "$0" or NaN.
  return Number.isFinite(cents) && cents > 0 ? { kind: 'owed', cents } : { kind: 'paid' }
}

/** What the promotion still owes in cents for the service (0 when paid, waived, or not bought). */
export async function serviceOwed(db: DbOrTx, promotionId: number, service: PaidService): Promise<number> {
  const state = await serviceState(db, promotionId, service)
  return state.kind === 'owed' ? state.cents : 0
}

/** The sentence a person reads while the service waits, or null when it is delivered. */
export function serviceRefusal(promotionId: number, service: PaidService, state: ServiceState): string | null {
  if (state.kind === 'owed') return msgServiceUnpaid(service, formatCurrency(state.cents), `/permit/edit/${promotionId}/payment/`)
  if (state.kind === 'notBought') return msgServiceNotBought(PAID_SERVICE_NAMES[service], `/promotions/modify/${promotionId}/`)
  return null
}

/** Throws 402 with the sentence naming what to pay and the payment page (or 409: not bought), unless the service is paid (or waived). */
export async function requireServicePaid(db: DbOrTx, promotionId: number, service: PaidService): Promise<void> {
  const state = await serviceState(db, promotionId, service)
  const message = serviceRefusal(promotionId, service, state)
  if (!message) return
  throw new AppError(state.kind === 'owed' ? 'PAYMENT_FAILED' : 'CONFLICT', message, { modelState: { payment: [message] } })
}
