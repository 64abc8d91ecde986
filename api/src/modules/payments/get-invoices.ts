/** GET /api/invoice/get and getInvoices (001 §7): the owner's invoices (staff: any), 10 a page by default. */
import { AppError, cardTotal, toDollars } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import { findInvoiceByNumber, findUnpaidInvoices, listInvoices, type Viewer } from './payments.repository'

export async function getInvoice(db: Db, viewer: Viewer, invoiceNumber: number, billerCode: string) {
  const row = await findInvoiceByNumber(db, viewer, invoiceNumber)
  if (!row) throw new AppError('NOT_FOUND')
  return toInvoiceView(row, { billerCode })
}

export async function getInvoices(db: Db, viewer: Viewer, filter: { page: number; count: number; promotionId?: number }, billerCode: string) {
  if (filter.promotionId !== undefined && !(await findPromotion(db, viewer, filter.promotionId))) throw new AppError('NOT_FOUND')
  const { rows, total } = await listInvoices(db, viewer, filter)
  return {
    invoices: rows.map(({ invoice, promotionName }) => toInvoiceView(invoice, { billerCode, promotionName })),
    invoiceCount: total,
    page: filter.page,
    count: filter.count,
  }
}

/**
 * 001 §3 pendingSubmissionInvoice and pendingCustomInvoice (amount, gst, ccSurcharge in dollars,
 * the surcharge being what a card payment would add): the promotion's unpaid invoices.
 */
export async function pendingInvoicesOf(db: Db, promotionId: number) {
  const unpaid = await findUnpaidInvoices(db, promotionId)
  const view = (purposes: string[]) => {
    const invoice = unpaid.find((i) => purposes.includes(i.purpose))
    if (!invoice) return null
    // BPAY invoices carry no surcharge; otherwise the 1.5% a card payment adds (001 §9).
    const ccSurcharge = invoice.method === 'bpay' ? 0 : cardTotal(invoice.amount, invoice.gst).surcharge
    return { invoiceNumber: invoice.invoiceNumber, amount: toDollars(invoice.amount), gst: toDollars(invoice.gst), ccSurcharge: toDollars(ccSurcharge) }
  }
  return { pendingSubmissionInvoice: view(['submission', 'additional']), pendingCustomInvoice: view(['custom']) }
}
