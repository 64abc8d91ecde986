/** The tax invoice PDF of one invoice (owner or staff; anyone else: 404 as a missing one). */
import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { renderTaxInvoice } from '../../documents/tax-invoice'
import type { PdfService } from '../../pdf/pdf-service'
import { findUserById } from '../account/account.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { findInvoiceByNumber, type Viewer } from './payments.repository'
import { providerDetails } from './provider-details'

export type InvoicePdfDeps = { db: Db; pdf: () => PdfService; billerCode: string; dataDir: string }

/** The invoice's HTML (also what the e-mailed PDF is printed from). */
export async function taxInvoiceHtml(deps: Omit<InvoicePdfDeps, 'pdf'>, viewer: Viewer, invoiceNumber: number) {
  const invoice = await findInvoiceByNumber(deps.db, viewer, invoiceNumber)
  if (!invoice) throw new AppError('NOT_FOUND')
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId)
  const customer = await findUserById(deps.db, invoice.userId)
  if (!promotion || !customer) throw new AppError('NOT_FOUND')
  const html = renderTaxInvoice(
    {
      ...invoice,
      billerCode: deps.billerCode,
      customer: { name: `${customer.firstName} ${customer.lastName}`.trim(), accountName: customer.accountName, email: customer.email },
      promotion: { id: promotion.id, name: promotion.name },
    },
    providerDetails(deps.dataDir),
  )
  return { invoice, html }
}

export async function getInvoicePdf(deps: InvoicePdfDeps, viewer: Viewer, invoiceNumber: number): Promise<Buffer> {
  const { html } = await taxInvoiceHtml(deps, viewer, invoiceNumber)
  return deps.pdf().render(html)
}
