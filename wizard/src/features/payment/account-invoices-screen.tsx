/** /account/invoices/ (000 §2 "Registered users manage … invoices"; 001 §9: 10 a page): the account's invoices, newest first. */
import { MSG_ACCOUNT_NO_INVOICES, PAGE_SIZES } from '@permitdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { AppLayout } from '../../components/layouts/app-layout'
import { InvoiceTable } from '../../components/promotion-invoices'
import { getInvoices } from '../../lib/payments-api'

export function AccountInvoicesScreen() {
  const [page, setPage] = useState(1)
  // Keyed by page (issue 25): a slow answer for the page left can never replace the page shown; that page stays while the next loads.
  const invoices = useQuery({
    queryKey: ['invoices', 'account', page],
    queryFn: () => getInvoices({ page, count: PAGE_SIZES.accountInvoices }),
    placeholderData: keepPreviousData,
  })
  const data = invoices.data ?? null
  const error = invoices.error?.message ?? ''
  const pages = data ? Math.max(1, Math.ceil(data.invoiceCount / PAGE_SIZES.accountInvoices)) : 1
  return (
    <AppLayout title="My invoices">
      <nav aria-label="Breadcrumb">
        <a href="/account/edit/">My account</a>
      </nav>
      <h1>My invoices</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p role="status">Loading…</p>}
      {data && data.invoices.length === 0 && <p>{MSG_ACCOUNT_NO_INVOICES}</p>}
      {data && data.invoices.length > 0 && (
        <>
          <InvoiceTable invoices={data.invoices} showPromotion />
          <nav aria-label="Invoice pages" className="pager">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              {' '}
              Page {page} of {pages}{' '}
            </span>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </AppLayout>
  )
}
