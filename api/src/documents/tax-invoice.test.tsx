import { crnForInvoice } from '@permitdesk/shared'
import { describe, expect, it } from 'vitest'
import { renderTaxInvoice, type TaxInvoiceData } from './tax-invoice'

const provider = { name: 'PermitDesk Pty Ltd', abn: '51 824 753 556', address: '10 Example Street, Sydney, NSW, 2000', email: 'support@example.com' }
const invoice: TaxInvoiceData = {
  invoiceNumber: 100042,
  createdAt: new Date('2026-11-23T01:00:00Z'),
  paidAt: null,
  cancelledAt: null,
  method: 'bpay',
  crn: crnForInvoice(100042),
  billerCode: '987654',
  lines: [
    { description: 'NSW trade promotion lottery permit fee (government, GST-free)', amount: 46_800, taxable: false },
    { description: 'Permit management service', amount: 45_000, taxable: true },
  ],
  amount: 91_800,
  gst: 4_500,
  ccSurcharge: 0,
  customer: { name: 'Pat Promoter', accountName: 'Pat Promotions <Pty> Ltd', email: 'pat@example.com' },
  promotion: { id: 7, name: 'Summer giveaway' },
}

describe('tax invoice', () => {
  it('carries what the ATO requires: the words, provider and ABN, date, each service, GST and total', () => {
    const html = renderTaxInvoice(invoice, provider)
    expect(html).toContain('<h1>Tax invoice</h1>')
    expect(html).toContain('PermitDesk Pty Ltd')
    expect(html).toContain('ABN 51 824 753 556')
    expect(html).toContain('Date of issue 23 Nov 2026')
    expect(html).toContain('Permit management service')
    expect(html).toContain('GST-free')
    expect(html).toContain('$45')
    expect(html).toContain('$963') // 918 + 45
    expect(html).toContain('Pat Promotions &lt;Pty&gt; Ltd')
  })

  it('gives BPAY instructions with the biller code and CRN, and shows the card surcharge when paid by card', () => {
    const bpay = renderTaxInvoice(invoice, provider)
    expect(bpay).toContain('987654')
    expect(bpay).toContain(crnForInvoice(100042))
    const card = renderTaxInvoice({ ...invoice, method: 'card', crn: null, ccSurcharge: 1_445, paidAt: new Date('2026-11-23T02:00:00Z') }, provider)
    expect(card).not.toContain('Biller code')
    expect(card).toContain('Card surcharge (1.5%)')
    expect(card).toContain('$977.45')
    expect(card).toContain('Paid 23 Nov 2026 by card')
  })

  it('says TEST MODE — no money taken on an invoice issued in test mode, and nothing of it on a real one', () => {
    expect(renderTaxInvoice({ ...invoice, testMode: true }, provider)).toContain('TEST MODE — no money taken')
    expect(renderTaxInvoice(invoice, provider)).not.toContain('TEST MODE')
  })
})
