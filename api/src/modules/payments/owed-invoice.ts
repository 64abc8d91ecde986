/**
 * Issue 22, the payment rule (decision record 019): an invoice's lines are the fee calculation at
 * the moment it is charged. This file is the one place that decides which invoice is owed:
 * payments call `ensureOwedInvoice`, and every change that moves the fees (modify, save,
 * amendment, a service added or removed) calls `cancelStaleInvoices`, so an unpaid invoice from
 * before the change is cancelled (it keeps its number, as a tax record must) and the next
 * payment issues a new one at the current figures.
 */
import { AppError, dollarsToCents, invoiceLinesOf, MSG_PAYMENT_TOTAL_CHANGED, type InvoiceLine } from '@permitdesk/shared'
import type { InvoiceRow } from '../../db/schema/payments'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { cancelUnpaidInvoice, countInvoices, findSubmissionInvoices, insertInvoice, nextInvoiceNumber } from './payments.repository'

type Due = { purpose: 'submission' | 'additional'; lines: InvoiceLine[]; amount: number; gst: number }

/** What the current fees exceed the paid submission invoices by: the difference to invoice. */
export function owedDifference(row: Pick<PromotionRow, 'fees'>, paid: Pick<InvoiceRow, 'amount' | 'gst'>[]): { amount: number; gst: number } {
  const invoicedAmount = paid.reduce((sum, invoice) => sum + invoice.amount, 0)
  const invoicedGst = paid.reduce((sum, invoice) => sum + invoice.gst, 0)
  return { amount: Math.max(0, row.fees.feeDue_Total - invoicedAmount), gst: Math.max(0, row.fees.feeDue_GST - invoicedGst) }
}

/**
 * The invoice the promotion would be issued now, from its current fees and what is already paid:
 * the whole fees before the first payment (`submission`), afterwards only a rise (`additional`).
 * Null when nothing is owed.
 */
export function invoiceDueNow(row: Pick<PromotionRow, 'fees'>, paid: Pick<InvoiceRow, 'amount' | 'gst'>[]): Due | null {
  const fees = row.fees
  if (paid.length === 0) {
    if (fees.feeDue_Total + fees.feeDue_GST <= 0) return null
    return { purpose: 'submission', lines: invoiceLinesOf(fees), amount: fees.feeDue_Total, gst: fees.feeDue_GST }
  }
  const { amount, gst } = owedDifference(row, paid)
  if (amount + gst <= 0) return null
  return { purpose: 'additional', lines: [{ description: 'Additional fees after a change to the application', amount, taxable: gst > 0 }], amount, gst }
}

/** Same purpose, amounts and lines (compared field by field: jsonb does not keep key order). */
function isCurrent(invoice: InvoiceRow, due: Due | null): boolean {
  if (due === null || invoice.purpose !== due.purpose || invoice.amount !== due.amount || invoice.gst !== due.gst) return false
  const lines = invoice.lines ?? []
  return (
    lines.length === due.lines.length &&
    lines.every((line, i) => {
      const want = due.lines[i]!
      return line.description === want.description && line.amount === want.amount && line.taxable === want.taxable
    })
  )
}

/**
 * Cancels every unpaid submission invoice of the promotion that is not the invoice due now (in
 * the caller's transaction, with the promotion row locked), with a changelog line each; answers
 * the unpaid invoice still current (if any) and what is due.
 */
export async function cancelStaleInvoices(tx: DbOrTx, row: PromotionRow, actorUserId: number, now = new Date()) {
  const live = await findSubmissionInvoices(tx, row.id)
  const due = invoiceDueNow(
    row,
    live.filter((invoice) => invoice.paidAt),
  )
  let current: InvoiceRow | null = null
  for (const invoice of live.filter((i) => !i.paidAt)) {
    if (!current && isCurrent(invoice, due)) {
      current = invoice
      continue
    }
    if (!(await cancelUnpaidInvoice(tx, invoice.id, now))) continue
    await insertChange(tx, {
      promotionId: row.id,
      userId: actorUserId,
      entity: 'promotion',
      entityId: row.id,
      action: 'cancelInvoice',
      changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} cancelled: the fees changed` } },
    })
  }
  return { current, due }
}

/**
 * The invoice the promotion owes now, created if needed (in the caller's transaction): an unpaid
 * invoice is reused only while it still matches the fees (a retry after a decline pays the same
 * invoice); a stale one is cancelled and a new one issued at the current figures. Null when
 * nothing is owed.
 */
export async function ensureOwedInvoice(
  tx: DbOrTx,
  row: PromotionRow,
  { actorUserId = row.userId, now = new Date(), testMode }: { actorUserId?: number; now?: Date; testMode: boolean },
): Promise<InvoiceRow | null> {
  const { current, due } = await cancelStaleInvoices(tx, row, actorUserId, now)
  if (current) return current
  if (!due) return null
  // Each issue of a purpose has its own key: a reissue after a cancellation is `submission-2`.
  const n = await countInvoices(tx, row.id, due.purpose)
  const purposeKey = due.purpose === 'submission' ? (n === 0 ? 'submission' : `submission-${n + 1}`) : `additional-${n + 1}`
  return insertInvoice(tx, {
    invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
    testMode,
    promotionId: row.id,
    userId: row.userId,
    purpose: due.purpose,
    purposeKey,
    lines: due.lines,
    amount: due.amount,
    gst: due.gst,
  })
}

/**
 * A payment request that names an amount or an invoice (what the payment page showed) is refused
 * when that is no longer what is owed: nothing is charged and the page shows the new total.
 */
export function assertStillOwed(invoice: InvoiceRow | null, named: { expectedTotal?: number | undefined; invoiceNumber?: number | null | undefined }) {
  const owed = invoice ? invoice.amount + invoice.gst : 0
  const staleNumber = named.invoiceNumber != null && invoice?.invoiceNumber !== named.invoiceNumber
  const staleTotal = named.expectedTotal !== undefined && dollarsToCents(named.expectedTotal) !== owed
  if (staleNumber || staleTotal) {
    throw new AppError('CONFLICT', MSG_PAYMENT_TOTAL_CHANGED, {
      modelState: { expectedTotal: [MSG_PAYMENT_TOTAL_CHANGED] },
      internalMessage: `payment named ${named.invoiceNumber ?? '-'} / ${named.expectedTotal ?? '-'}, owed ${invoice?.invoiceNumber ?? '-'} / ${owed} cents`,
    })
  }
}
