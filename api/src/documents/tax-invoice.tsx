/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The tax invoice (issue 12). What the ATO requires of a tax invoice: the words "Tax invoice",
 * the seller's identity and ABN, the date of issue, a description of each item with its
 * price, the GST, and the total; for BPAY, the biller code and customer reference number.
 */
import { formatCurrency, formatDate, MSG_TEST_MODE, type InvoiceLine } from '@permitdesk/shared'
import { renderDocument } from './document-shell'

export type Provider = { name: string; abn: string | null; address: string | null; email: string | null }

export type TaxInvoiceData = {
  invoiceNumber: number
  createdAt: Date
  paidAt: Date | null
  cancelledAt: Date | null
  method: 'card' | 'bpay' | null
  crn: string | null
  billerCode: string
  lines: InvoiceLine[]
  amount: number
  gst: number
  ccSurcharge: number
  customer: { name: string; accountName: string; email: string }
  promotion: { id: number; name: string }
  /** Issue 22: issued in test mode (no money taken): said at the top of the invoice. */
  testMode?: boolean
}

export function renderTaxInvoice(invoice: TaxInvoiceData, provider: Provider): string {
  const total = invoice.amount + invoice.gst + invoice.ccSurcharge
  const status = invoice.cancelledAt
    ? `Cancelled ${formatDate(invoice.cancelledAt)}`
    : invoice.paidAt
      ? `Paid ${formatDate(invoice.paidAt)}${invoice.method ? ` by ${invoice.method === 'bpay' ? 'BPAY' : 'card'}` : ''}`
      : 'Awaiting payment'
  return renderDocument(
    `Tax invoice ${invoice.invoiceNumber}`,
    <>
      {invoice.testMode && (
        <p style={{ margin: '0 0 12px', padding: '6px', background: '#8a4b00', color: '#fff', textAlign: 'center', fontWeight: 700 }} data-test-mode="true">
          {MSG_TEST_MODE}
        </p>
      )}
      <div className="header">
        <div>
          <h1>Tax invoice</h1>
          <p>
            Invoice number <strong>{invoice.invoiceNumber}</strong>
            <br />
            Date of issue {formatDate(invoice.createdAt)}
            <br />
            {status}
          </p>
        </div>
        <div>
          <strong>{provider.name}</strong>
          <br />
          ABN {provider.abn ?? '(not set in the site settings)'}
          {provider.address && (
            <>
              <br />
              {provider.address}
            </>
          )}
          {provider.email && (
            <>
              <br />
              {provider.email}
            </>
          )}
        </div>
      </div>
      <h2>Bill to</h2>
      <p>
        {invoice.customer.accountName || `${invoice.customer.name}`}
        <br />
        {invoice.customer.name} ({invoice.customer.email})
        <br />
        Promotion {invoice.promotion.id}: {invoice.promotion.name || 'Untitled permit'}
      </p>
      <h2>Services</h2>
      <table>
        <thead>
          <tr>
            <th>Description</th>
            <th className="money">GST</th>
            <th className="money">Amount (ex GST)</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.description}</td>
              <td className="money">{line.taxable ? '10%' : 'GST-free'}</td>
              <td className="money">{formatCurrency(line.amount)}</td>
            </tr>
          ))}
          <tr>
            <td>Subtotal (ex GST)</td>
            <td />
            <td className="money">{formatCurrency(invoice.amount)}</td>
          </tr>
          <tr>
            <td>GST</td>
            <td />
            <td className="money" data-field="gst">
              {formatCurrency(invoice.gst)}
            </td>
          </tr>
          {invoice.ccSurcharge > 0 && (
            <tr>
              <td>Card surcharge (1.5%)</td>
              <td />
              <td className="money">{formatCurrency(invoice.ccSurcharge)}</td>
            </tr>
          )}
          <tr>
            <td>
              <strong>Total (including GST)</strong>
            </td>
            <td />
            <td className="money">
              <strong>{formatCurrency(total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {invoice.method === 'bpay' && invoice.crn && (
        <>
          <h2>Pay by BPAY</h2>
          <table>
            <tbody>
              <tr>
                <th>Biller code</th>
                <td>{invoice.billerCode}</td>
              </tr>
              <tr>
                <th>Reference number (CRN)</th>
                <td>{invoice.crn}</td>
              </tr>
              <tr>
                <th>Amount</th>
                <td>{formatCurrency(total)}</td>
              </tr>
            </tbody>
          </table>
        </>
      )}
    </>,
  )
}
