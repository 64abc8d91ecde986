/** GET /api/invoice/get and getInvoices (001 §7): the owner's invoices (staff: any), 10 a page by default. */
import { AppError, cardTotal, toDollars } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion } from '../promotions/promotions.repository'
import { toInvoiceView } from './invoice-view'
import type { PromotionRow } from '../../db/schema/promotions'
import { findInvoiceByNumber, findSubmissionInvoices, findUnpaidInvoices, listInvoices, type Viewer } from './payments.repository'
import { owedDifference } from './submit-permit-application'

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
 * the surcharge being what a card payment would add): the promotion's unpaid invoices. After a
 * paid submission, a rise in the fees not invoiced yet is owed too (`invoiceNumber` null until
 * it is paid: `submitAdditionalPayment` invoices it).
 */
export async function pendingInvoicesOf(db: Db, row: PromotionRow) {
  const unpaid = await findUnpaidInvoices(db, row.id)
  const wire = (invoiceNumber: number | null, amount: number, gst: number, method: string | null) => ({
    invoiceNumber,
    amount: toDollars(amount),
    gst: toDollars(gst),
    // BPAY invoices carry no surcharge; otherwise the 1.5% a card payment adds (001 §9).
    ccSurcharge: toDollars(method === 'bpay' ? 0 : cardTotal(amount, gst).surcharge),
  })
  const pick = (purposes: string[]) => {
    const invoice = unpaid.find((i) => purposes.includes(i.purpose))
    return invoice ? wire(invoice.invoiceNumber, invoice.amount, invoice.gst, invoice.method) : null
  }
  let pendingSubmissionInvoice = pick(['submission', 'additional'])
  if (!pendingSubmissionInvoice) {
    const live = await findSubmissionInvoices(db, row.id)
    if (live.some((i) => i.paidAt)) {
      const { amount, gst } = owedDifference(row, live)
      if (amount + gst > 0) pendingSubmissionInvoice = wire(null, amount, gst, null)
    }
  }
  return { pendingSubmissionInvoice, pendingCustomInvoice: pick(['custom']) }
}
