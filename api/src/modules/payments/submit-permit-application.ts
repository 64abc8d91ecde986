/**
 * POST /api/promotion/submitPermitApplication (001 §7, issue 12): pays what the application owes
 * by card or BPAY and moves its status through the shared transition table.
 *
 * No double charge, and no lock held while a card is charged (issue 22, card-attempt.ts): a short
 * transaction (promotion row locked) reserves the invoice and its number and records the card
 * attempt `pending`; the gateway is called with no transaction open; a second short transaction
 * records the answer, pays the invoice and moves the status. A second submit meanwhile is refused
 * (409); after the first one paid it answers the same result; each attempt has its own gateway key.
 */
import {
  AppError,
  crnForInvoice,
  getPermitStatus,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_NOT_READY_FOR_PAYMENT,
  MSG_PAYMENT_IN_PROGRESS,
  MSG_RAW_CARD_REFUSED,
  PERMIT_STATUS_IDS as S,
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
import { findSubmissionInvoices, updateInvoice } from './payments.repository'
import { beginCardAttempt, findResumableAttempt, sendCardAttempt, settleCardAttempt, type CardAttempt } from './card-attempt'
import { publishEvent } from '../../events/events'

export type PaymentDeps = {
  db: Db
  gateway: PaymentGateway
  billerCode: string
  now?: () => Date
  /** This process's identity (db/notifications.ts), recorded on the card attempts it sends. */
  claimant?: () => string | undefined
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

export function statusView(statusId: number) {
  const status = getPermitStatus(statusId)
  return { id: status.id, name: status.name, slug: status.slug }
}

type Outcome =
  | { kind: 'done'; row: PromotionRow; invoice: InvoiceRow | null; card: { brand: string | null; last4: string | null } | null; fresh: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'requires_action'; row: PromotionRow; invoice: InvoiceRow; clientSecret: string; paymentIntentId: string }
  | { kind: 'unknown'; error: unknown }

const SYSTEM = { userId: 0, isStaff: true }

function transitionContext(row: PromotionRow, invoice: InvoiceRow | null) {
  const firstSubmission = invoice?.purpose === 'submission' || (invoice === null && row.statusId === S.readySubmission)
  return {
    managedSubmission: row.managedSubmission,
    termsAwaitingApproval: firstSubmission && row.managedSubmission && termsBought(row),
    resubmission: row.statusId === S.readyResubmission || row.statusId === S.readyRegenerate || (invoice !== null && invoice.purpose !== 'submission'),
  }
}

/**
 * The submission's last step (in the transaction that paid, or chose BPAY, or owed nothing): the
 * status moved by the shared table, the changelog and the outbox events. After a card charge the
 * status is checked again from where it is now; if it can no longer move, the payment stays
 * recorded and the status stays (the next submit finds nothing owed and moves it).
 */
async function finishSubmission(
  tx: DbOrTx,
  actor: Owner,
  row: PromotionRow,
  event: PermitEvent,
  paidInvoice: InvoiceRow | null,
  charged: { brand: string | null; last4: string | null } | null,
): Promise<Outcome> {
  const role = actor.isStaff ? 'admin' : 'customer'
  const check = resolveTransition({ from: row.statusId, event, role, ...transitionContext(row, paidInvoice) })
  const to = check.ok ? check.to : row.statusId
  const after = to === row.statusId ? row : await updatePromotion(tx, row.id, { statusId: to })
  await insertChange(tx, {
    promotionId: row.id,
    userId: actor.userId,
    entity: 'permit',
    entityId: row.id,
    action: 'submitPermitApplication',
    changes: {
      ...(to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}),
      ...(paidInvoice ? { invoice: { from: null, to: `${paidInvoice.invoiceNumber} ${paidInvoice.paidAt ? 'paid by card' : 'awaiting BPAY'}` } } : {}),
    },
  })
  // What happened, for the outbox's subscribers (issue 31: the mails, the lodgement pack); delivered only if this commits.
  if (check.ok) await publishEvent(tx, 'promotion.submitted', { promotionId: row.id, statusId: to })
  if (paidInvoice?.paidAt) await publishEvent(tx, 'promotion.paid', { promotionId: row.id, invoiceNumber: paidInvoice.invoiceNumber })
  else if (paidInvoice?.method === 'bpay') await publishEvent(tx, 'payment.bpayChosen', { promotionId: row.id, invoiceNumber: paidInvoice.invoiceNumber })
  return { kind: 'done', row: after, invoice: paidInvoice, card: charged, fresh: true }
}

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

  type First = Outcome | { kind: 'charge'; attempt: CardAttempt }
  const first: First = await deps.db.transaction(async (tx) => {
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

    // A card charge in flight answers 409; one whose answer was lost is resent (same key, same invoice).
    const resumable = await findResumableAttempt(tx, row.id, now)
    if (resumable && !byCard) throw new AppError('CONFLICT', MSG_PAYMENT_IN_PROGRESS)
    const event: PermitEvent = row.statusId === S.pendingPaymentClearance ? 'PAY_CARD_AFTER_BPAY' : byCard ? 'SUBMIT_CARD' : 'SUBMIT_BPAY'
    const invoice = resumable?.invoice ?? (await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) }))
    assertStillOwed(invoice, input)
    // Nothing owed (a resubmission that raised no fee): the status moves as after a card payment.
    const effectiveEvent: PermitEvent = invoice === null && event === 'SUBMIT_BPAY' ? 'SUBMIT_CARD' : event
    const check = resolveTransition({ from: row.statusId, event: effectiveEvent, role, ...transitionContext(row, invoice) })
    if (!check.ok) throw new AppError('CONFLICT', MSG_NOT_READY_FOR_PAYMENT)
    // Self submission already paid (it stays ready for generation): a repeated submit answers the payment made.
    if (invoice === null && check.to === row.statusId) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((i) => i.paidAt).at(-1)
      if (paid) return { kind: 'done', row, invoice: paid, card: null, fresh: false }
    }
    if (invoice && effectiveEvent === 'SUBMIT_BPAY') {
      const awaiting = await updateInvoice(tx, invoice.id, { method: 'bpay', crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 })
      return finishSubmission(tx, actor, row, effectiveEvent, awaiting, null)
    }
    if (invoice)
      return { kind: 'charge', attempt: await beginCardAttempt(tx, deps.gateway, row, invoice, input, now, resumable?.payment, deps.claimant?.() ?? null) }
    return finishSubmission(tx, actor, row, effectiveEvent, null, null)
  })

  let outcome: Outcome
  if (first.kind === 'charge') {
    const answer = await sendCardAttempt(deps.gateway, first.attempt, now)
    outcome = await deps.db.transaction(async (tx) => {
      const row = (await findPromotion(tx, SYSTEM, input.id, { forUpdate: true }))!
      const settled = await settleCardAttempt(tx, first.attempt, answer, { now, actorUserId: actor.userId })
      if (settled.kind === 'unknown') return settled
      if (settled.kind === 'failed') return settled
      if (settled.kind === 'requires_action') return { ...settled, row }
      // Already recorded (the webhook was first): the payment made, announced once.
      if (!settled.fresh) return { kind: 'done', row, invoice: settled.invoice, card: settled.card, fresh: false }
      // The status moves from where it is now (a paid invoice is recorded even if it no longer can).
      const event: PermitEvent = row.statusId === S.pendingPaymentClearance ? 'PAY_CARD_AFTER_BPAY' : 'SUBMIT_CARD'
      return finishSubmission(tx, actor, row, event, settled.invoice, settled.card)
    })
  } else outcome = first

  if (outcome.kind === 'unknown') {
    // Unknown outcome: the attempt is kept `unknown` and the next submit resends it with the same key.
    throw new AppError('PAYMENT_FAILED', MSG_CARD_MAY_HAVE_BEEN_CHARGED, {
      cause: outcome.error,
      internalMessage: 'gateway error: the attempt is kept to be resent with its key',
    })
  }
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
    invoice: outcome.invoice ? toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }) : null,
    card: outcome.card,
  }
}
