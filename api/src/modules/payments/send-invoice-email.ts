/** POST /api/invoice/sendEmail (001 §7): e-mails the tax invoice PDF to the invoice's account (owner or staff may ask). */
import { AppError, INVOICE_EMAILS_PER_HOUR, msgInvoiceEmailLimit, promotionTitle } from '@permitdesk/shared'
import { hit } from '../account/rate-limit'
import { invoiceCopyTemplate } from '../../mail/payment-templates'
import { brandFor } from '../../mail/templates'
import { findUserById } from '../account/account.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { taxInvoiceHtml } from './get-invoice-pdf'
import type { Viewer } from './payments.repository'
import type { PaymentMailDeps } from './send-payment-mails'

const INVOICE_EMAIL_LIMIT = { limit: INVOICE_EMAILS_PER_HOUR, windowMs: 60 * 60_000 }

export async function sendInvoiceEmail(deps: PaymentMailDeps, viewer: Viewer, invoiceNumber: number) {
  const { invoice, html } = await taxInvoiceHtml(
    { db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR },
    viewer,
    invoiceNumber,
  )
  const user = await findUserById(deps.db, invoice.userId)
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId)
  if (!user || !promotion) throw new AppError('NOT_FOUND')
  // Issue 22: counted per invoice and per account, only once the caller may see the invoice.
  for (const key of [`invoice-email:invoice:${invoiceNumber}`, `invoice-email:account:${invoice.userId}`]) {
    const { count, resetAt } = await hit(deps.db, key, INVOICE_EMAIL_LIMIT)
    if (count > INVOICE_EMAIL_LIMIT.limit) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
      throw new AppError('RATE_LIMITED', msgInvoiceEmailLimit(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds })
    }
  }
  const pdf = await deps.pdf().render(html)
  const email = invoiceCopyTemplate(brandFor(deps.config), {
    firstName: user.firstName,
    invoiceNumber,
    promotionName: promotionTitle(promotion.name),
    dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${promotion.id}/`,
  })
  await deps.mailer.send({
    to: user.email,
    ...email,
    attachments: [{ filename: `tax-invoice-${invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
  })
  return { ok: true as const, email: user.email }
}
