/**
 * The money part of the promotion dashboard (issue 12): what is owed (pendingSubmissionInvoice,
 * pendingCustomInvoice; the invoice total × 1.015 for a card payment, 001 §9), the way to the
 * payment page, and the promotion's invoices with their tax invoice PDFs.
 */
import {
  cardTotal,
  formatCurrency,
  formatDate,
  isPastPaymentStatus,
  MSG_NO_INVOICES_RECORDED_BY_STAFF,
  MSG_NO_INVOICES_YET,
  PERMIT_STATUS_IDS as S,
  type PendingInvoiceView,
} from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { LodgementPackPanel } from './lodgement-pack-panel'
import './promotion-invoices.css'
import { generatePermitApplication, getInvoices, invoicePdfUrl, type InvoiceView } from '../lib/payments-api'

type Owed = PendingInvoiceView | null | undefined

const PAY_FROM = new Set<number>([S.readySubmission, S.readyResubmission, S.readyGenerate, S.readyRegenerate, S.pendingPaymentClearance])
const toCents = (dollars: number) => Math.round(dollars * 100)

export function paymentPath(id: number) {
  return `/permit/edit/${id}/payment/`
}

/**
 * The promotion's invoices, one query for every reader on the dashboard (the task list and the
 * invoice section used to fetch them each), fresh on every visit: a payment made on the payment
 * page since must show at once.
 */
export function usePromotionInvoices(promotionId: number) {
  return useQuery({ queryKey: ['invoices', 'promotion', promotionId], queryFn: () => getInvoices({ promotionId, count: 100 }), staleTime: 0 })
}

/** The application's own fees are paid (a custom invoice for something else does not count). */
export const isApplicationPaid = (invoices: readonly InvoiceView[]) => invoices.some((i) => i.status === 'paid' && i.purpose !== 'custom')

export function PromotionInvoices({
  promotionId,
  statusId,
  pendingSubmissionInvoice,
  pendingCustomInvoice,
  onChanged = () => window.location.reload(),
}: {
  promotionId: number
  statusId: number
  pendingSubmissionInvoice: Owed
  pendingCustomInvoice: Owed
  /** After the forms were generated (the status changed). */
  onChanged?: () => void
}) {
  const query = usePromotionInvoices(promotionId)
  const invoices = query.data?.invoices ?? null
  const [generateError, setError] = useState('')
  const error = generateError || (query.error ? query.error.message : '')

  const owed = [pendingSubmissionInvoice, pendingCustomInvoice].filter((o): o is NonNullable<Owed> => !!o)
  // Self submission, paid: the forms can be generated (issue 12).
  const paid = !!invoices && isApplicationPaid(invoices)
  const canGenerate = (statusId === S.readyGenerate || statusId === S.readyRegenerate) && paid && !pendingSubmissionInvoice
  const [busy, setBusy] = useState(false)
  const generate = () => {
    setBusy(true)
    generatePermitApplication(promotionId).then(
      () => onChanged(),
      (e: Error) => (setError(e.message), setBusy(false)),
    )
  }
  return (
    <section aria-labelledby="invoices-title" data-testid="dashboard-invoices">
      <h2 id="invoices-title">Payment and invoices</h2>
      {owed.map((o) => {
        const amount = toCents(o.amount)
        const gst = toCents(o.gst)
        return (
          <p key={o.invoiceNumber ?? 'additional'} className="notice warning" data-testid="owed">
            {o.invoiceNumber ? `Invoice ${o.invoiceNumber}` : 'Additional fees'}: {formatCurrency(amount + gst)} owed
            {statusId === S.pendingPaymentClearance ? ' (awaiting BPAY payment)' : ''}, or {formatCurrency(cardTotal(amount, gst).total)} by card.
          </p>
        )
      })}
      {/* Secondary: the task list at the top holds the dashboard's one primary button for the same step. */}
      {canGenerate && (
        <p>
          <button type="button" className="button" data-testid="generate-forms" disabled={busy} onClick={generate}>
            {statusId === S.readyRegenerate ? 'Regenerate the forms' : 'Generate the forms'}
          </button>
        </p>
      )}
      {!canGenerate && (PAY_FROM.has(statusId) || pendingSubmissionInvoice) && (
        <p>
          <Link className="button" to={paymentPath(promotionId)} data-testid="pay-link">
            {statusId === S.pendingPaymentClearance ? 'Pay by card instead' : PAY_FROM.has(statusId) ? 'Pay and submit' : 'Pay the additional fees'}
          </Link>
        </p>
      )}
      {/* Issue 22: with a rise owed the panel says what the pack waits for (it used to vanish). */}
      {paid && statusId !== S.pendingPaymentClearance && <LodgementPackPanel promotionId={promotionId} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {/* Past payment with no invoice: staff moved it on; "once you pay" would contradict the status (issue 25). */}
      {invoices && invoices.length === 0 && (
        <p className="muted" data-testid="no-invoices">
          {isPastPaymentStatus(statusId) ? MSG_NO_INVOICES_RECORDED_BY_STAFF : MSG_NO_INVOICES_YET}
        </p>
      )}
      {invoices && invoices.length > 0 && <InvoiceTable invoices={invoices} />}
    </section>
  )
}

/** The invoice's status as a sentence-case phrase (the wire keeps its lower-case code). */
export function invoiceStatusLabel(invoice: Pick<InvoiceView, 'status' | 'method'>): string {
  if (invoice.status === 'paid') return invoice.method === 'bpay' ? 'Paid by BPAY' : invoice.method ? 'Paid by card' : 'Paid'
  return invoice.status === 'cancelled' ? 'Cancelled' : 'Awaiting payment'
}

/**
 * Invoices as a table: number (opens the tax invoice PDF), date, total, status. Under each total
 * its parts as the invoice holds them (fees, GST, and the card surcharge on its own line when the
 * invoice was paid by card), so the total adds up on screen (issue 25); nothing is recomputed here.
 */
export function InvoiceTable({ invoices, showPromotion = false }: { invoices: InvoiceView[]; showPromotion?: boolean }) {
  return (
    <table className="ui-table invoice-table" data-testid="invoice-table">
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          {showPromotion && <th scope="col">Promotion</th>}
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.invoiceNumber}>
            {/* data-label names each cell where a phone shows the row as a card (its header row hidden). */}
            <td className="invoice-table__number" data-label="Invoice">
              <a href={invoicePdfUrl(invoice.invoiceNumber)} target="_blank" rel="noreferrer">
                {invoice.invoiceNumber}
              </a>
            </td>
            {showPromotion && (
              <td className="invoice-table__promotion" data-label="Promotion">
                {invoice.promotionName}
              </td>
            )}
            <td className="invoice-table__date" data-label="Date" data-testid="invoice-date">
              {formatDate(invoice.dateCreated)}
            </td>
            <td className="invoice-table__amount" data-label="Total" data-testid="invoice-total">
              <span className="invoice-table__total">{formatCurrency(toCents(invoice.total))}</span>
              <ul className="invoice-table__parts" data-testid="invoice-parts">
                <li>Fees {formatCurrency(toCents(invoice.amount))}</li>
                <li>GST {formatCurrency(toCents(invoice.gst))}</li>
                {invoice.ccSurcharge > 0 && <li data-testid="invoice-surcharge">Card surcharge {formatCurrency(toCents(invoice.ccSurcharge))}</li>}
              </ul>
            </td>
            <td className="invoice-table__status" data-label="Status" data-testid="invoice-status">
              {invoiceStatusLabel(invoice)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
