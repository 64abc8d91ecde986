import { formatCurrency, gstOn, MSG_ERROR_OCCURRED, parseMoneyInput, type AdminPromotionDetail, type InvoiceView } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { api, ApiError } from '../../lib/api-client'
import { getInvoices, invoicePdfUrl } from '../../lib/payments-api'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { invoicePaths, staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

/** 001 §9: invoices fetched for a promotion, 100. */
const INVOICES_PER_PROMOTION = 100
const failure = (e: unknown) => (e instanceof ApiError ? e.message : MSG_ERROR_OCCURRED)

/** invoice/{id}/: the promotion's invoices; "Create invoice" disabled with the spec's tooltip when blocked. */
export function InvoicesScreen() {
  const id = Number(useParams().id)
  const list = useLoad(() => getInvoices({ promotionId: id, count: INVOICES_PER_PROMOTION }), [id])
  const block = useLoad(() => api.get<{ blockedReason: string | null }>('/api/admin/getInvoiceBlock', { query: { id } }), [id])
  const reason = block.data?.blockedReason ?? null
  return (
    <StaffLayout title="Invoices">
      <h1>Invoices of promotion {id}</h1>
      <p className="staff-actions">
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
        {reason ? (
          <button type="button" disabled title={reason} aria-describedby="invoice-blocked">
            Create invoice
          </button>
        ) : (
          <Link to={invoicePaths.create(id)}>Create invoice</Link>
        )}
        {reason && <span id="invoice-blocked">{reason}</span>}
      </p>
      {list.error && <p role="alert">{list.error}</p>}
      <table>
        <thead>
          <tr>
            <th>Invoice</th>
            <th>Purpose</th>
            <th>Amount</th>
            <th>GST</th>
            <th>Total</th>
            <th>Status</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.invoices.map((inv) => (
            <tr key={inv.invoiceNumber}>
              <td>
                <Link to={invoicePaths.detail(id, inv.invoiceNumber)}>{inv.invoiceNumber}</Link>
              </td>
              <td>{inv.purpose}</td>
              <td>{formatCurrency(Math.round(inv.amount * 100))}</td>
              <td>{formatCurrency(Math.round(inv.gst * 100))}</td>
              <td>{formatCurrency(Math.round(inv.total * 100))}</td>
              <td>{inv.status}</td>
              <td>{new Date(inv.dateCreated).toLocaleDateString('en-AU')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data?.invoices.length === 0 && <p>No invoices yet.</p>}
    </StaffLayout>
  )
}

/** invoice/{id}/create/: amount and GST (GST worked out by the shared rule, 10%, and editable). */
export function InvoiceCreateScreen() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const [amount, setAmount] = useState('')
  const [gst, setGst] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | undefined>()

  function changeAmount(value: string) {
    setAmount(value)
    const cents = parseMoneyInput(value)
    setGst(cents === null ? '' : (gstOn(cents) / 100).toFixed(2))
  }
  async function submit(event: FormEvent) {
    event.preventDefault()
    const amountCents = parseMoneyInput(amount)
    const gstCents = parseMoneyInput(gst || '0')
    try {
      const invoice = await api.post<InvoiceView>('/api/admin/createInvoice', { id, amount: (amountCents ?? NaN) / 100, gst: (gstCents ?? NaN) / 100, description: description || null }, { notify: false })
      notify(`Invoice ${invoice.invoiceNumber} created.`, 'info')
      navigate(invoicePaths.detail(id, invoice.invoiceNumber))
    } catch (e) {
      setError(failure(e))
    }
  }
  return (
    <StaffLayout title="Create invoice">
      <h1>Create an invoice for promotion {id}</h1>
      <p>
        <Link to={invoicePaths.list(id)}>Back to the invoices</Link>
      </p>
      <form className="inline" onSubmit={(e) => void submit(e)}>
        <label>
          Description
          <input value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Additional services" size={30} />
        </label>
        <label>
          Amount (ex GST, $)
          <input inputMode="decimal" value={amount} onChange={(e) => changeAmount(e.target.value)} />
        </label>
        <label>
          GST ($)
          <input inputMode="decimal" value={gst} onChange={(e) => setGst(e.target.value)} />
        </label>
        <button type="submit">Create invoice</button>
        {error && <p role="alert" className="field-error">{error}</p>}
      </form>
    </StaffLayout>
  )
}

/** invoice/{id}/detail/?invoice=N: one invoice, cancel, and approve the promotion's BPAY payment. */
export function InvoiceDetailScreen() {
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const invoiceNumber = Number(params.get('invoice'))
  const invoice = useLoad(() => api.get<InvoiceView>('/api/invoice/getArbitrary', { query: { invoiceNumber }, notify: false }), [invoiceNumber])
  const promotion = useLoad(() => api.get<AdminPromotionDetail>('/api/admin/getPromotion', { query: { id } }), [id])
  const [error, setError] = useState<string | undefined>()
  const inv = invoice.data
  const act = async (path: string, body: unknown, done: string) => {
    try {
      await api.post(path, body, { notify: false })
      setError(undefined)
      notify(done, 'info')
      await Promise.all([invoice.reload(), promotion.reload()])
    } catch (e) {
      setError(failure(e))
    }
  }
  return (
    <StaffLayout title="Invoice">
      <h1>Invoice {invoiceNumber}</h1>
      <p className="staff-actions">
        <Link to={invoicePaths.list(id)}>Back to the invoices</Link>
        <a href={invoicePdfUrl(invoiceNumber)}>Tax invoice PDF</a>
      </p>
      {invoice.error && <p role="alert">{invoice.error}</p>}
      {inv && (
        <>
          <dl className="staff-dl">
            <dt>Status</dt>
            <dd data-testid="invoice-status">{inv.status}</dd>
            <dt>Amount</dt>
            <dd>{formatCurrency(Math.round(inv.amount * 100))}</dd>
            <dt>GST</dt>
            <dd>{formatCurrency(Math.round(inv.gst * 100))}</dd>
            <dt>Card surcharge</dt>
            <dd>{formatCurrency(Math.round(inv.ccSurcharge * 100))}</dd>
            <dt>Total</dt>
            <dd>{formatCurrency(Math.round(inv.total * 100))}</dd>
            <dt>Method</dt>
            <dd>{inv.method ?? '—'}{inv.crn ? ` (CRN ${inv.crn})` : ''}</dd>
          </dl>
          <div className="staff-actions">
            {inv.status === 'awaiting payment' && <Link to={staffPaths.chargeCard(invoiceNumber)}>Charge card</Link>}
            {inv.status === 'awaiting payment' && (
              <button type="button" className="secondary" onClick={() => window.confirm('Cancel this invoice?') && void act('/api/invoice/cancel', { invoiceNumber }, 'Invoice cancelled.')}>
                Cancel invoice
              </button>
            )}
            {promotion.data?.statusId === 9 && (
              <button type="button" onClick={() => void act('/api/admin/approveBpayPayment', { id }, 'BPAY payment approved.')}>
                Approve BPAY payment
              </button>
            )}
          </div>
          {error && <p role="alert" className="field-error">{error}</p>}
        </>
      )}
    </StaffLayout>
  )
}
