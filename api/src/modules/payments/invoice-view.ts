import { cardTotal, toDollars, type InvoiceView } from '@permitdesk/shared'
import type { InvoiceRow } from '../../db/schema/payments'

/** An invoice row on the wire (dollars). */
export function toInvoiceView(row: InvoiceRow, options: { billerCode: string; promotionName?: string }): InvoiceView {
  const total = row.amount + row.gst + row.ccSurcharge
  return {
    invoiceNumber: row.invoiceNumber,
    promotionId: row.promotionId,
    ...(options.promotionName !== undefined ? { promotionName: options.promotionName } : {}),
    purpose: row.purpose,
    lines: row.lines.map((line) => ({ ...line, amount: toDollars(line.amount) })),
    amount: toDollars(row.amount),
    gst: toDollars(row.gst),
    ccSurcharge: toDollars(row.ccSurcharge),
    total: toDollars(total),
    cardTotal: toDollars(row.paidAt ? total : cardTotal(row.amount, row.gst).total),
    method: row.method,
    crn: row.crn,
    billerCode: row.method === 'bpay' ? options.billerCode : null,
    testMode: row.testMode,
    status: row.cancelledAt ? 'cancelled' : row.paidAt ? 'paid' : 'awaiting payment',
    dateCreated: row.createdAt.toISOString(),
    datePaid: row.paidAt ? row.paidAt.toISOString() : null,
    dateCancelled: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  }
}
