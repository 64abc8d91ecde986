/**
 * The mails after a payment step (issue 12): the receipt with the tax invoice attached, the BPAY
 * instructions, and the "submitted" confirmation. Each is sent by a subscriber of the event the
 * payment's transaction published (jobs/payment-mails.ts, issue 31), so a payment that rolled back
 * mails nothing and a repeated delivery mails nothing more.
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

export type PaymentMailDeps = {
  db: Db
  mailer: Mailer
  pdf: () => PdfService
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'MAIL_FROM' | 'BPAY_BILLER_CODE'>
  logger: Logger
}

/** The statuses whose customers are told "submitted" (the first submission, a resubmission, forms generated). */
const SUBMITTED_STATUSES = new Set([4, 5, 11, 13, 15])

const SYSTEM = { userId: 0, isStaff: true }

async function ownerOf(deps: PaymentMailDeps, promotionId: number) {
  const row = await findPromotion(deps.db, SYSTEM, promotionId)
  const user = row ? await findUserById(deps.db, row.userId) : undefined
  return row && user ? { row, user } : undefined
}

/** The receipt (paid) or the BPAY instructions (BPAY chosen), with the tax invoice PDF attached. */
export async function sendInvoiceMail(deps: PaymentMailDeps, kind: 'paid' | 'bpay', event: { promotionId: number; invoiceNumber: number }): Promise<void> {
  const found = await ownerOf(deps, event.promotionId)
  if (!found) return
  const { row, user } = found
  const brand = brandFor(deps.config)
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
    promotionName: promotionTitle(row.name),
    dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${row.id}/`,
  }
  const email =
    kind === 'bpay'
      ? bpayInstructionsTemplate(brand, { ...facts, billerCode: deps.config.BPAY_BILLER_CODE, crn: invoice.crn ?? '' })
      : paymentReceiptTemplate(brand, { ...facts, method: invoice.method === 'bpay' ? 'bpay' : 'card' })
  await deps.mailer.send({ to: user.email, ...email, attachments })
}

/** "Submitted" (or resubmitted, generated): only for the statuses that mean the application went in (not "Pending payment clearance"). */
export async function sendSubmittedMail(deps: PaymentMailDeps, event: { promotionId: number; statusId: number }): Promise<void> {
  if (!SUBMITTED_STATUSES.has(event.statusId)) return
  const found = await ownerOf(deps, event.promotionId)
  if (!found) return
  const { row, user } = found
  await deps.mailer.send({
    to: user.email,
    ...submittedTemplate(brandFor(deps.config), {
      firstName: user.firstName,
      promotionName: promotionTitle(row.name),
      statusName: customerStatusName(event.statusId),
      nextStep: statusNextStep(event.statusId),
      dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${row.id}/`,
    }),
  })
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
