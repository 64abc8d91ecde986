import { centsToDollars, dollarsToCents, formatCurrency, formatDate, gstOn, MSG_ERROR_OCCURRED, parseMoneyInput, type InvoiceView } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { getInvoices, invoicePdfUrl } from '../../lib/payments-api'
import { Button, Modal, NativeButton, SortableTable, type TableColumn } from '../../components/ui'
import { approveBpayPayment, cancelInvoice, createInvoice, getAdminPromotion, getArbitraryInvoice, getInvoiceBlock, staffKeys } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { invoicePaths, staffPaths } from '../staff-paths'

/** 001 §9: invoices fetched for a promotion, 100. */
const INVOICES_PER_PROMOTION = 100
const failure = (e: unknown) => (e instanceof ApiError ? e.message : MSG_ERROR_OCCURRED)

/** Dollars on the wire, shown as the spec's currency (converted by the shared rule). */
const money = (dollars: number) => formatCurrency(dollarsToCents(dollars))

const invoiceColumns = (id: number): TableColumn<InvoiceView>[] => [
  { id: 'invoice', label: 'Invoice', isRowHeader: true, render: (inv) => <Link to={invoicePaths.detail(id, inv.invoiceNumber)}>{inv.invoiceNumber}</Link> },
  { id: 'purpose', label: 'Purpose', render: (inv) => inv.purpose },
  { id: 'amount', label: 'Amount', align: 'end', render: (inv) => money(inv.amount) },
  { id: 'gst', label: 'GST', align: 'end', render: (inv) => money(inv.gst) },
  { id: 'total', label: 'Total', align: 'end', render: (inv) => money(inv.total) },
  { id: 'status', label: 'Status', render: (inv) => inv.status },
  { id: 'created', label: 'Created', render: (inv) => formatDate(inv.dateCreated) },
]

/** invoice/{id}/: the promotion's invoices; "Create invoice" disabled with the spec's tooltip when blocked. */
export function InvoicesScreen() {
  const id = Number(useParams().id)
  const list = useQuery({ queryKey: staffKeys.invoices(id), queryFn: () => getInvoices({ promotionId: id, count: INVOICES_PER_PROMOTION }) })
  const block = useQuery({ queryKey: staffKeys.invoiceBlock(id), queryFn: () => getInvoiceBlock(id) })
  const reason = block.data?.blockedReason ?? null
  return (
    <StaffLayout title="Invoices">
      <h1>Invoices of promotion {id}</h1>
      <p className="staff-actions">
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
        {reason ? (
          <NativeButton disabled title={reason} aria-describedby="invoice-blocked">
            Create invoice
          </NativeButton>
        ) : (
          <Link to={invoicePaths.create(id)}>Create invoice</Link>
        )}
        {reason && <span id="invoice-blocked">{reason}</span>}
      </p>
      {list.error && <p role="alert">{list.error.message}</p>}
      {list.data && (
        <SortableTable
          label="Invoices"
          columns={invoiceColumns(id)}
          rows={list.data.invoices}
          rowKey={(inv) => inv.invoiceNumber}
          empty="No invoices yet."
          scrollable
          stacked
        />
      )}
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
    setGst(cents === null ? '' : centsToDollars(gstOn(cents)).toFixed(2))
  }
  const create = useStaffAction(
    () => {
      const amountCents = parseMoneyInput(amount)
      const gstCents = parseMoneyInput(gst || '0')
      return createInvoice({
        id,
        amount: amountCents === null ? NaN : centsToDollars(amountCents),
        gst: gstCents === null ? NaN : centsToDollars(gstCents),
        description: description || null,
      })
    },
    {
      done: (invoice) => `Invoice ${invoice.invoiceNumber} created.`,
      onSuccess: (invoice) => navigate(invoicePaths.detail(id, invoice.invoiceNumber)),
      onError: (e) => setError(failure(e)),
    },
  )
  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate(undefined)
  }
  return (
    <StaffLayout title="Create invoice">
      <h1>Create an invoice for promotion {id}</h1>
      <p>
        <Link to={invoicePaths.list(id)}>Back to the invoices</Link>
      </p>
      <form className="inline" onSubmit={submit}>
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
        <NativeButton type="submit" disabled={create.isPending}>
          Create invoice
        </NativeButton>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>
    </StaffLayout>
  )
}

/** invoice/{id}/detail/?invoice=N: one invoice, cancel, and approve the promotion's BPAY payment. */
export function InvoiceDetailScreen() {
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const invoiceNumber = Number(params.get('invoice'))
  const invoice = useQuery({ queryKey: staffKeys.invoice(invoiceNumber), queryFn: () => getArbitraryInvoice(invoiceNumber) })
  const promotion = useQuery({ queryKey: staffKeys.promotion(id), queryFn: () => getAdminPromotion(id) })
  const [error, setError] = useState<string | undefined>()
  const [confirmCancel, setConfirmCancel] = useState(false)
  const inv = invoice.data
  const onError = (e: unknown) => setError(failure(e))
  const cancel = useStaffAction(() => cancelInvoice(invoiceNumber), {
    done: 'Invoice cancelled.',
    onSuccess: () => (setError(undefined), setConfirmCancel(false)),
    onError,
  })
  const approveBpay = useStaffAction(() => approveBpayPayment(id), { done: 'BPAY payment approved.', onSuccess: () => setError(undefined), onError })
  return (
    <StaffLayout title="Invoice">
      <h1>Invoice {invoiceNumber}</h1>
      <p className="staff-actions">
        <Link to={invoicePaths.list(id)}>Back to the invoices</Link>
        <a href={invoicePdfUrl(invoiceNumber)}>Tax invoice PDF</a>
      </p>
      {invoice.error && <p role="alert">{failure(invoice.error)}</p>}
      {inv && (
        <>
          <dl className="staff-dl">
            <dt>Status</dt>
            <dd data-testid="invoice-status">{inv.status}</dd>
            <dt>Amount</dt>
            <dd>{money(inv.amount)}</dd>
            <dt>GST</dt>
            <dd>{money(inv.gst)}</dd>
            <dt>Card surcharge</dt>
            <dd>{money(inv.ccSurcharge)}</dd>
            <dt>Total</dt>
            <dd>{money(inv.total)}</dd>
            <dt>Method</dt>
            <dd>
              {inv.method ?? '—'}
              {inv.crn ? ` (CRN ${inv.crn})` : ''}
            </dd>
          </dl>
          <div className="staff-actions">
            {inv.status === 'awaiting payment' && <Link to={staffPaths.chargeCard(invoiceNumber)}>Charge card</Link>}
            {inv.status === 'awaiting payment' && (
              <NativeButton variant="secondary" onClick={() => setConfirmCancel(true)}>
                Cancel invoice
              </NativeButton>
            )}
            {promotion.data?.statusId === 9 && (
              <NativeButton onClick={() => approveBpay.mutate(undefined)} disabled={approveBpay.isPending}>
                Approve BPAY payment
              </NativeButton>
            )}
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <Modal
            isOpen={confirmCancel}
            title={`Cancel invoice ${invoiceNumber}?`}
            onClose={() => setConfirmCancel(false)}
            actions={
              <>
                <Button variant="secondary" onPress={() => setConfirmCancel(false)}>
                  Keep it
                </Button>
                <Button variant="danger" onPress={() => cancel.mutate(undefined)}>
                  Cancel invoice
                </Button>
              </>
            }
          >
            <p>The number stays on the record, marked cancelled; the customer can no longer pay it.</p>
          </Modal>
        </>
      )}
    </StaffLayout>
  )
}
