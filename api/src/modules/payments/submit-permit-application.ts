/**
 * POST /api/promotion/submitPermitApplication (001 §7, issue 12): pays what the application owes
 * by card or BPAY and moves its status through the shared transition table.
 *
 * No double charge: the promotion row is locked for the whole call (a second submit waits, then
 * finds it paid and answers the same result); each invoice is unique per (promotion, purpose);
 * the gateway gets an idempotency key derived from the promotion, the invoice purpose and the
 * attempt; and the invoice, the payment and the status change commit in one transaction.
 */
import {
  AppError,
  checkCard,
  crnForInvoice,
  getPermitStatus,
  invoiceLinesOf,
  cardTotal,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_CONFIRM_PAYMENT_FIELDS,
  MSG_NOT_READY_FOR_PAYMENT,
  MSG_RAW_CARD_REFUSED,
  PERMIT_STATUS_IDS as S,
  requireTransition,
  resolveTransition,
  type PermitEvent,
  type SubmitPermitApplication,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { InvoiceRow } from '../../db/schema/payments'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { isTestMode } from './payment-gateway'
import { assertStillOwed, ensureOwedInvoice } from './owed-invoice'
import type { PaymentGateway } from './payment-gateway'
import type { PaymentMailEvent } from './payment-mail-event'
import {
  countUnsuccessfulAttempts,
  findPaymentByRef,
  updatePayment,
  findSubmissionInvoices,
  insertPayment,
  updateInvoice,
} from './payments.repository'
import { publishEvent } from '../../events/events'

export type PaymentDeps = {
  db: Db
  gateway: PaymentGateway
  billerCode: string
  now?: () => Date
  /** Called after a payment step committed (the mails); never for a repeated submit. */
  afterCommit?: (event: PaymentMailEvent) => void
}

/** Statuses a first payment or a resubmission is made from (the payment page's entry points). */
const PAYABLE = new Set<number>([S.readySubmission, S.readyResubmission, S.readyGenerate, S.readyRegenerate])

/** Where a paid submission lands: a repeated submit there answers the payment made. */
const AFTER_PAYMENT = new Set<number>([S.submitted, S.resubmitted, S.generated, S.regenerated, S.awaitingSubmission])

/** T&Cs drafted for the customer must be approved before a managed submission is lodged. */
export function termsBought(row: Pick<PromotionRow, 'termsAndConditions' | 'skillsBasedTC'>): boolean {
  return row.termsAndConditions || row.skillsBasedTC
}

export { ensureOwedInvoice, owedDifference } from './owed-invoice'

type CardInput = Pick<SubmitPermitApplication, 'cardName' | 'cardNumber' | 'cardSecurityCode' | 'cardExpiry' | 'paymentMethodId' | 'paymentIntentId' | 'isReattempt'>

/**
 * Charges an invoice by card (in the caller's transaction, with the promotion row locked): the
 * card checks, the gateway call with an idempotency key per attempt, the payment record (brand
 * and last four digits only) and, on success, the invoice paid with its surcharge.
 */
export async function chargeInvoiceByCard(tx: DbOrTx, deps: PaymentDeps, row: PromotionRow, invoice: InvoiceRow, input: CardInput, now: Date) {
  const card = { name: input.cardName ?? '', number: input.cardNumber ?? '', cvc: input.cardSecurityCode ?? '', expiry: input.cardExpiry ?? '' }
  if (deps.gateway.acceptsRawCards && !input.paymentIntentId) {
    const errors = checkCard(card, now)
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: errors })
  } else if (!input.paymentMethodId && !input.paymentIntentId) {
    throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentMethodId: [MSG_CONFIRM_PAYMENT_FIELDS] } })
  }
  const { surcharge, total } = cardTotal(invoice.amount, invoice.gst)
  // After 3-D Secure in the browser: the PaymentIntent of an earlier attempt on this invoice.
  const earlier = input.paymentIntentId ? await findPaymentByRef(tx, input.paymentIntentId) : undefined
  if (input.paymentIntentId && (!earlier || earlier.invoiceId !== invoice.id)) {
    throw new AppError('VALIDATION', MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentIntentId: [MSG_CONFIRM_PAYMENT_FIELDS] } })
  }
  const attempt = (await countUnsuccessfulAttempts(tx, invoice.id)) + 1
  const idempotencyKey = earlier?.idempotencyKey ?? `permitdesk-promotion-${row.id}-${invoice.purposeKey}-attempt-${attempt}`
  let result
  try {
    result = await deps.gateway.charge(
      {
        amount: total,
        idempotencyKey,
        description: `Invoice ${invoice.invoiceNumber} (promotion ${row.id})`,
        metadata: { invoiceNumber: invoice.invoiceNumber, promotionId: row.id },
        ...(deps.gateway.acceptsRawCards && !input.paymentIntentId ? { card } : {}),
        ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
        ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
      },
      now,
    )
  } catch (error) {
    // Unknown outcome: roll back so the next attempt reuses the same gateway key.
    throw new AppError('PAYMENT_FAILED', MSG_CARD_MAY_HAVE_BEEN_CHARGED, { cause: error, internalMessage: `gateway error for ${idempotencyKey}` })
  }
  const record = {
    gatewayRef: result.ref,
    status: result.status,
    brand: result.brand,
    last4: result.last4,
    message: result.status === 'succeeded' ? null : result.message,
    isReattempt: input.isReattempt,
  }
  const payment = earlier
    ? await updatePayment(tx, earlier.id, record)
    : await insertPayment(tx, { ...record, invoiceId: invoice.id, promotionId: row.id, gateway: deps.gateway.name, idempotencyKey, amount: total })
  if (result.status === 'requires_action' && result.clientSecret) {
    return { kind: 'requires_action' as const, clientSecret: result.clientSecret, paymentIntentId: result.ref, paymentId: payment.id }
  }
  if (result.status !== 'succeeded') return { kind: 'failed' as const, message: result.message }
  const paid = await updateInvoice(tx, invoice.id, { method: 'card', ccSurcharge: surcharge, paidAt: now })
  return { kind: 'paid' as const, invoice: paid, card: { brand: result.brand, last4: result.last4 } }
}

export function statusView(statusId: number) {
  const status = getPermitStatus(statusId)
  return { id: status.id, name: status.name, slug: status.slug }
}

type Outcome =
  | { kind: 'done'; row: PromotionRow; invoice: InvoiceRow | null; card: { brand: string | null; last4: string | null } | null; fresh: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'requires_action'; row: PromotionRow; invoice: InvoiceRow; clientSecret: string; paymentIntentId: string }

/**
 * `prepare` (issue 14, submitSkillsBasedTC) runs on the locked promotion row before anything is
 * invoiced, in the same transaction, and answers the row to pay for.
 */
export type SubmitPreparation = (tx: DbOrTx, row: PromotionRow) => Promise<PromotionRow>

export async function submitPermitApplication(deps: PaymentDeps, actor: Owner, input: SubmitPermitApplication, prepare?: SubmitPreparation) {
  const now = deps.now?.() ?? new Date()
  const byCard = !input.isBPAY || input.isCardAfterBpay
  const rawCard = Boolean(input.cardNumber || input.cardSecurityCode || input.cardExpiry)
  if (byCard && rawCard && !deps.gateway.acceptsRawCards) {
    throw new AppError('VALIDATION', MSG_RAW_CARD_REFUSED, { modelState: { cardNumber: [MSG_RAW_CARD_REFUSED] } })
  }

  const outcome: Outcome = await deps.db.transaction(async (tx) => {
    const found = await findPromotion(tx, actor, input.id, { forUpdate: true })
    if (!found) throw new AppError('NOT_FOUND')
    const row = prepare ? await prepare(tx, found) : found
    const role = actor.isStaff ? 'admin' : 'customer'

    // A repeated submit (double click, refresh) after the first one paid: the same answer, no charge.
    if (!PAYABLE.has(row.statusId) && row.statusId !== S.pendingPaymentClearance) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((invoice) => invoice.paidAt).at(-1)
      if (paid && AFTER_PAYMENT.has(row.statusId)) return { kind: 'done', row, invoice: paid, card: null, fresh: false }
      throw new AppError('CONFLICT', MSG_NOT_READY_FOR_PAYMENT)
    }
    if (row.statusId === S.pendingPaymentClearance && !byCard) {
      const pending = (await findSubmissionInvoices(tx, row.id)).find((invoice) => !invoice.paidAt && invoice.method === 'bpay')
      return { kind: 'done', row, invoice: pending ?? null, card: null, fresh: false }
    }

    const event: PermitEvent = row.statusId === S.pendingPaymentClearance ? 'PAY_CARD_AFTER_BPAY' : byCard ? 'SUBMIT_CARD' : 'SUBMIT_BPAY'
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) })
    assertStillOwed(invoice, input)
    const firstSubmission = invoice?.purpose === 'submission' || (invoice === null && row.statusId === S.readySubmission)
    const context = {
      managedSubmission: row.managedSubmission,
      termsAwaitingApproval: firstSubmission && row.managedSubmission && termsBought(row),
      resubmission: row.statusId === S.readyResubmission || row.statusId === S.readyRegenerate || (invoice !== null && invoice.purpose !== 'submission'),
    }
    // Nothing owed (a resubmission that raised no fee): the status moves as after a card payment.
    const effectiveEvent: PermitEvent = invoice === null && event === 'SUBMIT_BPAY' ? 'SUBMIT_CARD' : event
    const check = resolveTransition({ from: row.statusId, event: effectiveEvent, role, ...context })
    if (!check.ok) throw new AppError('CONFLICT', MSG_NOT_READY_FOR_PAYMENT)
    // Self submission already paid (it stays ready for generation): a repeated submit answers the payment made.
    if (invoice === null && check.to === row.statusId) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((i) => i.paidAt).at(-1)
      if (paid) return { kind: 'done', row, invoice: paid, card: null, fresh: false }
    }

    let paidInvoice = invoice
    let charged: { brand: string | null; last4: string | null } | null = null
    if (invoice && effectiveEvent === 'SUBMIT_BPAY') {
      paidInvoice = await updateInvoice(tx, invoice.id, { method: 'bpay', crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 })
    } else if (invoice) {
      const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now)
      if (result.kind === 'failed') return result
      // 3-D Secure: the browser completes it with Stripe.js and submits again with the PaymentIntent id.
      if (result.kind === 'requires_action') return { kind: 'requires_action', row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId }
      paidInvoice = result.invoice
      charged = result.card
    }

    const to = requireTransition({ from: row.statusId, event: effectiveEvent, role, ...context })
    const after = await updatePromotion(tx, row.id, { statusId: to })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'permit',
      entityId: row.id,
      action: 'submitPermitApplication',
      changes: {
        statusId: { from: row.statusId, to },
        ...(paidInvoice ? { invoice: { from: null, to: `${paidInvoice.invoiceNumber} ${paidInvoice.paidAt ? 'paid by card' : 'awaiting BPAY'}` } } : {}),
      },
    })
    // What happened, for the outbox's subscribers (issue 31); delivered only if this commits.
    await publishEvent(tx, 'promotion.submitted', { promotionId: row.id, statusId: to })
    if (paidInvoice?.paidAt) await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: paidInvoice.invoiceNumber })
    return { kind: 'done', row: after, invoice: paidInvoice, card: charged, fresh: true }
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
  if (outcome.fresh && deps.afterCommit) {
    const invoice = outcome.invoice
    deps.afterCommit({
      kind: !invoice ? 'submitted-only' : invoice.paidAt ? 'paid' : 'bpay',
      promotionId: outcome.row.id,
      promotionName: outcome.row.name,
      statusId: outcome.row.statusId,
      userId: outcome.row.userId,
      invoiceNumber: invoice?.invoiceNumber ?? null,
    })
  }
  return {
    id: outcome.row.id,
    permitStatus: statusView(outcome.row.statusId),
    invoice: outcome.invoice ? toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }) : null,
    card: outcome.card,
  }
}
