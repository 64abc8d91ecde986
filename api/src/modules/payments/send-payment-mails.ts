/**
 * The mails after a payment step (issue 12), sent after the transaction committed: the receipt
 * with the tax invoice attached, the BPAY instructions, and the "submitted" confirmation.
 */
import { customerStatusName, promotionTitle, statusNextStep } from '@permitdesk/shared'
import type { Config } from '../../env'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/create-mailer'
import {
  additionalPaymentDueTemplate,
  amendmentStartedTemplate,
  bpayInstructionsTemplate,
  paymentReceiptTemplate,
  submittedTemplate,
} from '../../mail/payment-templates'
import { brandFor } from '../../mail/templates'
import type { Db } from '../../db/client'
import type { PdfService } from '../../pdf/pdf-service'
import { findUserById } from '../account/account.repository'
import { findPromotion } from '../promotions/promotions.repository'
import { taxInvoiceHtml } from './get-invoice-pdf'
import { findSubmissionInvoices } from './payments.repository'
import { owedDifference } from './submit-permit-application'
import type { PaymentMailEvent } from './payment-mail-event'

export type PaymentMailDeps = {
  db: Db
  mailer: Mailer
  pdf: () => PdfService
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'MAIL_FROM' | 'BPAY_BILLER_CODE'>
  logger: Logger
}

export type { PaymentMailEvent } from './payment-mail-event'

const SUBMITTED_STATUSES = new Set([4, 5, 11, 13, 15])

export async function sendPaymentMails(deps: PaymentMailDeps, event: PaymentMailEvent): Promise<void> {
  const user = await findUserById(deps.db, event.userId)
  if (!user) return
  const brand = brandFor(deps.config)
  const dashboardUrl = `${deps.config.PUBLIC_URL}/promotions/edit/${event.promotionId}/`
  const promotionName = promotionTitle(event.promotionName)
  if (event.invoiceNumber !== null && event.kind !== 'submitted-only') {
    const { invoice, html } = await taxInvoiceHtml(
      { db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR },
      { userId: user.id, isStaff: true },
      event.invoiceNumber,
    )
    const pdf = await deps.pdf().render(html, { priority: 'background' })
    const attachments = [{ filename: `tax-invoice-${invoice.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }]
    const facts = {
      firstName: user.firstName,
      invoiceNumber: invoice.invoiceNumber,
      total: invoice.amount + invoice.gst + invoice.ccSurcharge,
      promotionName,
      dashboardUrl,
    }
    const email =
      event.kind === 'bpay'
        ? bpayInstructionsTemplate(brand, { ...facts, billerCode: deps.config.BPAY_BILLER_CODE, crn: invoice.crn ?? '' })
        : paymentReceiptTemplate(brand, { ...facts, method: invoice.method === 'bpay' ? 'bpay' : 'card' })
    await deps.mailer.send({ to: user.email, ...email, attachments })
  }
  if (event.kind !== 'bpay' && SUBMITTED_STATUSES.has(event.statusId)) {
    await deps.mailer.send({
      to: user.email,
      ...submittedTemplate(brand, {
        firstName: user.firstName,
        promotionName,
        statusName: customerStatusName(event.statusId),
        nextStep: statusNextStep(event.statusId),
        dashboardUrl,
      }),
    })
  }
}

/** Sends without holding up the answer; a failure is logged, never lost silently. */
export function sendPaymentMailsLater(deps: PaymentMailDeps, event: PaymentMailEvent): void {
  sendPaymentMails(deps, event).catch((error: unknown) =>
    deps.logger.error('payment mail failed', {
      promotionId: event.promotionId,
      invoiceNumber: event.invoiceNumber,
      error: error instanceof Error ? error.message : String(error),
    }),
  )
}

/** "Amendment started" (issue 12), after the status change committed. */
export function sendAmendmentStartedLater(deps: PaymentMailDeps, row: { id: number; name: string; userId: number }): void {
  const send = async () => {
    const user = await findUserById(deps.db, row.userId)
    if (!user) return
    const email = amendmentStartedTemplate(brandFor(deps.config), {
      firstName: user.firstName,
      promotionName: promotionTitle(row.name),
      editUrl: `${deps.config.PUBLIC_URL}/permit/edit/${row.id}/`,
    })
    await deps.mailer.send({ to: user.email, ...email })
  }
  send().catch((error: unknown) =>
    deps.logger.error('amendment mail failed', { promotionId: row.id, error: error instanceof Error ? error.message : String(error) }),
  )
}

/** What a paid promotion owes beyond its invoices (cents, with GST); 0 before any payment. */
export async function owedAfterPayment(db: Db, promotionId: number): Promise<number> {
  const row = await findPromotion(db, { userId: 0, isStaff: true }, promotionId)
  if (!row) return 0
  const live = await findSubmissionInvoices(db, row.id)
  if (!live.some((i) => i.paidAt)) return 0
  const unpaid = live.filter((i) => !i.paidAt).reduce((sum, i) => sum + i.amount + i.gst, 0)
  const { amount, gst } = owedDifference(row, live)
  return unpaid + amount + gst
}

/**
 * "Additional payment due" (issue 12): after a change that raised the fees of a paid application.
 * `before` is what was owed before the change (cents).
 */
export function sendAdditionalPaymentDueLater(deps: PaymentMailDeps, promotionId: number, before: number): void {
  const send = async () => {
    const after = await owedAfterPayment(deps.db, promotionId)
    if (after <= before) return
    const row = await findPromotion(deps.db, { userId: 0, isStaff: true }, promotionId)
    const user = row ? await findUserById(deps.db, row.userId) : undefined
    if (!row || !user) return
    const email = additionalPaymentDueTemplate(brandFor(deps.config), {
      firstName: user.firstName,
      promotionName: promotionTitle(row.name),
      total: after,
      dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${row.id}/`,
    })
    await deps.mailer.send({ to: user.email, ...email })
  }
  send().catch((error: unknown) =>
    deps.logger.error('additional payment mail failed', { promotionId, error: error instanceof Error ? error.message : String(error) }),
  )
}
