import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cardTotal, formatCurrency, toDollars } from '@permitdesk/shared'
import type { InvoiceView } from '../lib/payments-api'
import { InvoiceTable } from './promotion-invoices'

/** An invoice as the API answers it (dollars), its parts from shared's computation. */
function invoice(amountCents: number, gstCents: number, method: 'card' | 'bpay'): InvoiceView {
  const surcharge = method === 'card' ? cardTotal(amountCents, gstCents).surcharge : 0
  return {
    invoiceNumber: 1001,
    promotionId: 7,
    purpose: 'submission',
    lines: [],
    amount: toDollars(amountCents),
    gst: toDollars(gstCents),
    ccSurcharge: toDollars(surcharge),
    total: toDollars(amountCents + gstCents + surcharge),
    cardTotal: toDollars(cardTotal(amountCents, gstCents).total),
    method,
    crn: null,
    billerCode: null,
    status: 'paid',
    dateCreated: '2026-11-20T01:00:00.000Z',
    datePaid: '2026-11-20T01:00:00.000Z',
    dateCancelled: null,
    testMode: true,
  }
}

afterEach(cleanup)

describe('the invoice list (issue 25)', () => {
  it('a card-paid invoice shows fees, GST and the card surcharge on lines of their own, adding up to its total', () => {
    render(<InvoiceTable invoices={[invoice(118_900, 2_250, 'card')]} />)
    const total = screen.getByTestId('invoice-total')
    const surcharge = cardTotal(118_900, 2_250).surcharge
    expect(surcharge).toBeGreaterThan(0)
    expect(within(total).getByTestId('invoice-surcharge').textContent).toBe(`Card surcharge ${formatCurrency(surcharge)}`)
    const parts = within(total)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(parts).toEqual([`Fees ${formatCurrency(118_900)}`, `GST ${formatCurrency(2_250)}`, `Card surcharge ${formatCurrency(surcharge)}`])
    expect(total.textContent).toContain(formatCurrency(118_900 + 2_250 + surcharge))
  })

  it('a BPAY invoice has no surcharge line', () => {
    render(<InvoiceTable invoices={[invoice(50_000, 5_000, 'bpay')]} />)
    expect(screen.queryByTestId('invoice-surcharge')).toBeNull()
    expect(screen.getByTestId('invoice-total').textContent).toContain(formatCurrency(55_000))
  })
})
