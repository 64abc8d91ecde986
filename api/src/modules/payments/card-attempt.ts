/**
 * Issue 22: a card payment in three steps, so that no transaction is open while the gateway
 * answers. Before, the charge ran inside the transaction holding the gapless invoice-number lock
 * (and the sandbox took a second pool connection): one slow card held up every payment, and 20
 * concurrent payers exhausted the pool.
 *
 *  1. `beginCardAttempt`, in the caller's short transaction with the promotion row locked: the
 *     card checks, then the attempt is committed `pending` with its own gateway idempotency key.
 *     A promotion has at most one unresolved attempt (a unique index), so a second pay request
 *     meanwhile is refused (409) and charges nothing.
 *  2. `sendCardAttempt`, with no transaction open: the gateway call.
 *  3. `settleCardAttempt`, in a second short transaction: the answer recorded. Paid: the invoice
 *     is paid with its surcharge. Declined: the invoice reserved for the payment is cancelled (it
 *     keeps its number, so the series stays gapless; the next attempt gets a new invoice and a new
 *     key). Answer lost (the gateway threw): the attempt stays `unknown` and the next request
 *     resends it with the same key and parameters, so one attempt never charges twice.
 */
import crypto from 'node:crypto'
import { AppError, cardTotal, checkCard, MSG_CONFIRM_PAYMENT_FIELDS, MSG_PAYMENT_IN_PROGRESS, type SubmitPermitApplication } from '@permitdesk/shared'
import type { InvoiceRow, PaymentRow } from '../../db/schema/payments'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import type { ChargeRequest, ChargeResult, PaymentGateway } from './payment-gateway'
import {
  cancelUnpaidInvoice,
  findInvoiceById,
  findPaymentById,
  findPaymentByRef,
  findUnresolvedPayment,
  insertPayment,
  isClaimantAlive,
  updateInvoice,
  updatePayment,
} from './payments.repository'

/** A `pending` attempt not answered within this long was abandoned (its process died): it is resent with its key. */
export const CARD_ATTEMPT_LEASE_MS = 2 * 60_000

export type CardInput = Pick<
  SubmitPermitApplication,
  'cardName' | 'cardNumber' | 'cardSecurityCode' | 'cardExpiry' | 'paymentMethodId' | 'paymentIntentId' | 'isReattempt'
>

export type CardAttempt = { payment: PaymentRow; invoice: InvoiceRow; request: ChargeRequest }

type Gateway = Pick<PaymentGateway, 'name' | 'acceptsRawCards' | 'charge'>

/** The promotion's unresolved attempt: in flight → 409; abandoned or answer lost → resumed (with its invoice). */
export async function findResumableAttempt(tx: DbOrTx, promotionId: number, now: Date): Promise<{ payment: PaymentRow; invoice: InvoiceRow } | null> {
  const payment = await findUnresolvedPayment(tx, promotionId)
  if (!payment) return null
  const sentAt = payment.sentAt ?? payment.createdAt
  // In flight while its process runs, within the lease; a process that died (kill -9, a crash) frees it at once.
  const inFlight =
    payment.status === 'pending' &&
    now.getTime() - sentAt.getTime() < CARD_ATTEMPT_LEASE_MS &&
    (!payment.claimedBy || (await isClaimantAlive(tx, payment.claimedBy)))
  if (inFlight) {
    throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS, { internalMessage: `payment ${payment.id} of promotion ${promotionId} in flight` })
  }
  const invoice = (await findInvoiceById(tx, payment.invoiceId))!
  return { payment, invoice }
}

function checkCardInput(gateway: Gateway, input: CardInput, now: Date) {
  const card = { name: input.cardName ?? '', number: input.cardNumber ?? '', cvc: input.cardSecurityCode ?? '', expiry: input.cardExpiry ?? '' }
  if (gateway.acceptsRawCards && !input.paymentIntentId) {
    const errors = checkCard(card, now)
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: errors })
  } else if (!input.paymentMethodId && !input.paymentIntentId) {
    throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentMethodId: [MSG_CONFIRM_PAYMENT_FIELDS] } })
  }
  return card
}

const isUnresolvedClash = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string })
  return cause?.code === '23505' && cause.constraint === 'payments_one_unresolved_per_promotion'
}

/**
 * Step 1 (the caller's transaction, promotion row locked): checks the card fields and commits the
 * attempt as `pending`. `resume` is the promotion's unresolved attempt (from `findResumableAttempt`),
 * resent with its own key; after 3-D Secure, the earlier attempt of the PaymentIntent is resent.
 */
export async function beginCardAttempt(
  tx: DbOrTx,
  gateway: Gateway,
  row: PromotionRow,
  invoice: InvoiceRow,
  input: CardInput,
  now: Date,
  resume?: PaymentRow,
  claimedBy: string | null = null,
): Promise<CardAttempt> {
  const card = checkCardInput(gateway, input, now)
  const { total } = cardTotal(invoice.amount, invoice.gst)
  // After 3-D Secure in the browser: the PaymentIntent of an earlier attempt on this invoice.
  const earlier = resume ?? (input.paymentIntentId ? await findPaymentByRef(tx, input.paymentIntentId) : undefined)
  if (input.paymentIntentId && !resume && (!earlier || earlier.invoiceId !== invoice.id)) {
    throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentIntentId: [MSG_CONFIRM_PAYMENT_FIELDS] } })
  }
  let payment: PaymentRow
  try {
    payment = earlier
      ? await updatePayment(tx, earlier.id, { status: 'pending', sentAt: now, claimedBy })
      : await insertPayment(tx, {
          invoiceId: invoice.id,
          promotionId: row.id,
          gateway: gateway.name,
          // One key per attempt, never derived from the invoice: a new attempt after a decline is a new charge.
          idempotencyKey: `permitdesk-payment-${crypto.randomUUID()}`,
          status: 'pending',
          amount: total,
          isReattempt: input.isReattempt,
          paymentMethodId: input.paymentMethodId ?? null,
          sentAt: now,
          claimedBy,
        })
  } catch (error) {
    if (isUnresolvedClash(error)) throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS, { cause: error })
    throw error
  }
  // A resent attempt sends what it sent first (Stripe refuses a key reused with other parameters).
  const paymentMethodId = (resume ? payment.paymentMethodId : null) ?? input.paymentMethodId
  const paymentIntentId = input.paymentIntentId ?? (resume?.gatewayRef || undefined)
  const request: ChargeRequest = {
    amount: payment.amount,
    idempotencyKey: payment.idempotencyKey,
    description: `Invoice ${invoice.invoiceNumber} (promotion ${row.id})`,
    metadata: { invoiceNumber: invoice.invoiceNumber, promotionId: row.id },
    ...(gateway.acceptsRawCards && !paymentIntentId ? { card } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
  }
  return { payment, invoice, request }
}

/** Step 2 (no transaction open): the gateway's answer, or `unknown` when it did not come back. */
export async function sendCardAttempt(gateway: Gateway, attempt: CardAttempt, now: Date): Promise<ChargeResult | { status: 'unknown'; error: unknown }> {
  try {
    return await gateway.charge(attempt.request, now)
  } catch (error) {
    return { status: 'unknown', error }
  }
}

export type SettledAttempt =
  | { kind: 'paid'; invoice: InvoiceRow; card: { brand: string | null; last4: string | null }; fresh: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'requires_action'; invoice: InvoiceRow; clientSecret: string; paymentIntentId: string }
  | { kind: 'unknown'; error: unknown }

/**
 * Step 3 (a second short transaction; the caller locks the promotion row first, the lock order
 * of every payment): records the answer on the attempt and pays or cancels the invoice.
 */
export async function settleCardAttempt(
  tx: DbOrTx,
  attempt: CardAttempt,
  result: ChargeResult | { status: 'unknown'; error: unknown },
  { now, actorUserId }: { now: Date; actorUserId: number | null },
): Promise<SettledAttempt> {
  const payment = (await findPaymentById(tx, attempt.payment.id, { forUpdate: true }))!
  const invoice = (await findInvoiceById(tx, attempt.invoice.id, { forUpdate: true }))!
  if (payment.status !== 'pending') {
    // Another request (or Stripe's webhook) recorded this attempt's answer first: that answer stands, recorded once.
    if (payment.status === 'succeeded' && invoice.paidAt) return { kind: 'paid', invoice, card: { brand: payment.brand, last4: payment.last4 }, fresh: false }
    if (payment.status === 'failed') return { kind: 'failed', message: payment.message ?? '' }
    return { kind: 'unknown', error: new Error(`payment ${payment.id} is ${payment.status}`) }
  }
  if (result.status === 'unknown') {
    await updatePayment(tx, payment.id, { status: 'unknown' })
    return { kind: 'unknown', error: result.error }
  }
  await updatePayment(tx, payment.id, {
    gatewayRef: result.ref,
    status: result.status,
    brand: result.brand,
    last4: result.last4,
    message: result.status === 'succeeded' ? null : result.message,
  })
  if (result.status === 'requires_action' && result.clientSecret) {
    return { kind: 'requires_action', invoice, clientSecret: result.clientSecret, paymentIntentId: result.ref }
  }
  if (result.status === 'succeeded') {
    const paid = invoice.paidAt
      ? invoice
      : await updateInvoice(tx, invoice.id, { method: 'card', ccSurcharge: cardTotal(invoice.amount, invoice.gst).surcharge, paidAt: now })
    return { kind: 'paid', invoice: paid, card: { brand: result.brand, last4: result.last4 }, fresh: !invoice.paidAt }
  }
  // Declined: the invoice the payment reserved is cancelled with its number (staff's own invoices stay owed).
  if (invoice.purpose !== 'custom' && (await cancelUnpaidInvoice(tx, invoice.id, now))) {
    await insertChange(tx, {
      promotionId: invoice.promotionId,
      userId: actorUserId,
      entity: 'promotion',
      entityId: invoice.promotionId,
      action: 'cancelInvoice',
      changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} cancelled: the card payment failed` } },
    })
  }
  return { kind: 'failed', message: result.message }
}
