/** POST /api/invoice/sendEmail (001 §7): e-mails the tax invoice PDF to the invoice's account (owner or staff may ask). */
import { AppError, promotionTitle } from '@permitdesk/shared'
import { invoiceCopyTemplate } from '../../mail/payment-templates'
import { brandFor } from '../../mail/templates'
import { findUserById } from '../account/account.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { taxInvoiceHtml } from './get-invoice-pdf'
import type { Viewer } from './payments.repository'
import type { PaymentMailDeps } from './send-payment-mails'

export async function sendInvoiceEmail(deps: PaymentMailDeps, viewer: Viewer, invoiceNumber: number) {
  const { invoice, html } = await taxInvoiceHtml({ db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }, viewer, invoiceNumber)
  const user = await findUserById(deps.db, invoice.userId)
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId)
  if (!user || !promotion) throw new AppError('NOT_FOUND')
  const pdf = await deps.pdf().render(html)
  const email = invoiceCopyTemplate(brandFor(deps.config), {
    firstName: user.firstName,
    invoiceNumber,
    promotionName: promotionTitle(promotion.name),
    dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${promotion.id}/`,
  })
  await deps.mailer.send({ to: user.email, ...email, attachments: [{ filename: `tax-invoice-${invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }] })
  return { ok: true as const, email: user.email }
}
