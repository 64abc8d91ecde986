/** The payment and invoice calls (001 §7): parse, call the use case, answer. */
import {
  PaymentPromotionIdSchema,
  InvoiceCancelSchema,
  InvoiceListQuerySchema,
  InvoiceNumberQuerySchema,
  InvoiceViewSchema,
  SubmitPermitApplicationResponseSchema,
  SubmitPermitApplicationSchema,
  WaiveServicePaymentSchema,
  SubmitAddendumSchema,
  CreateInvoiceSchema,
  ChargeCardSchema,
  SandboxChallengeResponseSchema,
  SandboxChallengeSchema,
  isSkillTcPaymentOption,
} from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { approveBpayPayment } from './approve-bpay-payment'
import { cancelInvoice } from './cancel-invoice'
import { getInvoice, getInvoices } from './get-invoices'
import { toInvoiceView } from './invoice-view'
import { isTestMode } from './payment-gateway'
import { waiveServicePayment } from './waive-service-payment'
import { getServicePayment } from './get-service-payment'
import { sendInvoiceEmail } from './send-invoice-email'
import { submitPermitApplication } from './submit-permit-application'
import { chooseSkillOption } from '../terms/submit-skills-based-tc'
import { submitAdditionalPayment } from './submit-additional-payment'
import { beginAmendPermitApplication } from './begin-amend-permit-application'
import { generatePermitApplication } from './generate-permit-application'
import { submitAddendum } from './submit-addendum'
import { createCustomInvoice } from './create-custom-invoice'
import { chargeCard } from './charge-card'
import { sendAmendmentStartedLater } from './send-payment-mails'
import { completeSandboxChallenge } from './complete-sandbox-challenge'
import { lodgementDeps, queueLodgementPackAfterSubmission } from './request-lodgement-pack'

const ServicePaymentStateSchema = z.object({
  state: z.enum(['paid', 'owed', 'notBought']),
  owed: z.number().nullable().describe('dollars: what the payment page charges now (amount + GST), when owed'),
  message: z.string().nullable().describe('the sentence the delivery is refused with, or null when it is delivered'),
  paymentPath: z.string().nullable(),
  servicesPath: z.string().nullable(),
})
const ServicePaymentResponseSchema = z.object({
  id: z.number(),
  services: z.object({ terms: ServicePaymentStateSchema, draw: ServicePaymentStateSchema, lodgementPack: ServicePaymentStateSchema }),
})

export function paymentRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  const billerCode = deps.config.BPAY_BILLER_CODE
  const mailDeps = { db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger }
  const packDeps = lodgementDeps(deps)
  // The mails and the lodgement pack after a payment step subscribe to the events its transaction published (jobs/payment-mails.ts).
  const paymentDeps = { db, gateway: deps.paymentGateway, billerCode, claimant: () => deps.database.notifications.identity }
  const viewer = (user: { id: number; isStaff: boolean }) => ({ userId: user.id, isStaff: user.isStaff })
  return [
    route({
      method: 'post',
      path: '/promotion/submitPermitApplication',
      summary: 'Pay for and submit a permit application by card or BPAY (also card after BPAY)',
      tag: 'promotion',
      access: 'user',
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => {
        // 001 §7: the spec's call carries skillsBasedTCPaymentOption; a skill promotion is charged the option chosen.
        const option = body.skillsBasedTCPaymentOption
        const prepare = isSkillTcPaymentOption(option) ? chooseSkillOption(viewer(user), option, { forSkillOnly: false }) : undefined
        return submitPermitApplication(paymentDeps, viewer(user), body, prepare)
      },
    }),
    route({
      method: 'get',
      path: '/promotion/servicePayment',
      summary:
        "Each paid service's payment state (terms, draw, lodgementPack): paid, owed (the amount the payment page charges, and where) or notBought (and where to add it)",
      tag: 'promotion',
      access: 'user',
      query: PaymentPromotionIdSchema,
      response: ServicePaymentResponseSchema,
      handler: ({ query, user }) => getServicePayment(db, viewer(user), query.id),
    }),
    route({
      method: 'post',
      path: '/promotion/submitAdditionalPayment',
      summary: 'Pay the rise in fees after a paid submission (only the difference is invoiced), by card or BPAY',
      tag: 'promotion',
      access: 'user',
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => submitAdditionalPayment(paymentDeps, viewer(user), body),
    }),
    route({
      method: 'post',
      path: '/promotion/beginAmendPermitApplication',
      summary: 'Start an amendment of a submitted or generated application (→ Amendments in progress)',
      tag: 'promotion',
      access: 'user',
      body: PaymentPromotionIdSchema,
      response: z.object({ id: z.number(), permitStatus: z.object({ id: z.number(), name: z.string(), slug: z.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await beginAmendPermitApplication(db, viewer(user), body.id)
        sendAmendmentStartedLater(mailDeps, row)
        return { id: row.id, permitStatus }
      },
    }),
    route({
      method: 'post',
      path: '/promotion/generatePermitApplication',
      summary: 'Self submission: generate the forms once paid (Forms ready for generation → Generated, regeneration → Regenerated)',
      tag: 'promotion',
      access: 'user',
      body: PaymentPromotionIdSchema,
      response: z.object({ id: z.number(), permitStatus: z.object({ id: z.number(), name: z.string(), slug: z.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await generatePermitApplication(db, viewer(user), body.id)
        return { id: row.id, permitStatus }
      },
    }),
    route({
      method: 'post',
      path: '/promotion/submitAddendum',
      summary: 'Lodge an addendum after submission (X, V, W, U, Y) from an upload; staff get a task',
      tag: 'promotion',
      access: 'user',
      idempotent: true,
      body: SubmitAddendumSchema,
      response: z.object({ id: z.number(), attachment: z.record(z.string(), z.unknown()) }),
      handler: async ({ body, user }) => {
        const answer = await submitAddendum(db, viewer(user), body)
        // The addendum is part of the pack now: build this version's.
        void queueLodgementPackAfterSubmission(packDeps, answer.id)
        return answer
      },
    }),
    route({
      method: 'get',
      path: '/payments/config',
      summary: 'How cards are paid here: the sandbox (card fields) or Stripe (Elements, with its publishable key)',
      tag: 'payments',
      access: 'user',
      response: z.object({ gateway: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable(), billerCode: z.string(), testMode: z.boolean() }),
      handler: () => ({
        gateway: deps.paymentGateway.name,
        // Issue 22: the app shell shows the TEST MODE banner from this.
        testMode: isTestMode(deps.paymentGateway),
        publishableKey: deps.paymentGateway.name === 'stripe' ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
        billerCode,
      }),
    }),
    route({
      method: 'post',
      path: '/payments/sandboxChallenge',
      summary:
        "The sandbox gateway's 3-D Secure challenge: complete or fail it (client secret from requiresAction), then submit again with the PaymentIntent id. 404 with Stripe configured",
      tag: 'payments',
      access: 'user',
      body: SandboxChallengeSchema,
      response: SandboxChallengeResponseSchema,
      handler: ({ body, user }) => completeSandboxChallenge({ db, gateway: deps.paymentGateway }, viewer(user), body),
    }),
    route({
      method: 'get',
      path: '/invoice/get',
      summary: 'One invoice by number (owner or staff)',
      tag: 'invoice',
      access: 'user',
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode),
    }),
    route({
      method: 'get',
      path: '/invoice/getArbitrary',
      summary: 'Any invoice by number (staff)',
      tag: 'invoice',
      access: 'staff',
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode),
    }),
    route({
      method: 'get',
      path: '/invoice/getInvoices',
      summary: "A page of the account's invoices, newest first (page, count ≤ 100, promotionId)",
      tag: 'invoice',
      access: 'user',
      query: InvoiceListQuerySchema,
      response: z.object({ invoices: z.array(InvoiceViewSchema), invoiceCount: z.number(), page: z.number(), count: z.number() }),
      handler: ({ query, user }) => getInvoices(db, viewer(user), query, billerCode),
    }),
    route({
      method: 'post',
      path: '/invoice/cancel',
      summary: 'Cancel an unpaid invoice (staff)',
      tag: 'invoice',
      access: 'staff',
      body: InvoiceCancelSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) => toInvoiceView(await cancelInvoice(db, viewer(user), body.invoiceNumber), { billerCode }),
    }),
    route({
      method: 'post',
      path: '/invoice/sendEmail',
      summary: "E-mail the tax invoice PDF to the invoice's account",
      tag: 'invoice',
      access: 'user',
      body: InvoiceCancelSchema,
      response: z.object({ ok: z.literal(true), email: z.string() }),
      handler: ({ body, user }) => sendInvoiceEmail(mailDeps, viewer(user), body.invoiceNumber),
    }),
    route({
      method: 'post',
      path: '/admin/createInvoice',
      summary: 'Create a custom invoice for a promotion (staff): amount and GST in dollars',
      tag: 'admin',
      access: 'staff',
      idempotent: true,
      body: CreateInvoiceSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) =>
        toInvoiceView(await createCustomInvoice(db, viewer(user), body, { testMode: isTestMode(deps.paymentGateway) }), { billerCode }),
    }),
    route({
      method: 'post',
      path: '/admin/waiveServicePayment',
      summary: 'Deliver a paid service (T&Cs, draw, lodgement pack) before its payment, with the reason in the changelog (staff)',
      tag: 'admin',
      access: 'staff',
      body: WaiveServicePaymentSchema,
      response: z.object({ id: z.number(), service: z.enum(['terms', 'draw', 'lodgementPack']), waived: z.literal(true) }),
      handler: ({ body, user }) => waiveServicePayment(db, viewer(user), body),
    }),
    route({
      method: 'post',
      path: '/admin/chargeCard',
      summary: 'Charge a card for an unpaid invoice, plus the 1.5% surcharge (staff)',
      tag: 'admin',
      access: 'staff',
      idempotent: true,
      body: ChargeCardSchema,
      response: z.object({ invoice: InvoiceViewSchema, card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }) }),
      handler: ({ body, user }) => chargeCard(paymentDeps, viewer(user), body),
    }),
    route({
      method: 'post',
      path: '/admin/approveBpayPayment',
      summary: 'Mark the BPAY payment of a promotion as cleared (staff)',
      tag: 'admin',
      access: 'staff',
      idempotent: true,
      body: PaymentPromotionIdSchema,
      response: z.object({ id: z.number(), statusId: z.number(), invoice: InvoiceViewSchema }),
      handler: async ({ body, user }) => {
        const { promotion, invoice } = await approveBpayPayment(db, viewer(user), body.id)
        return { id: promotion.id, statusId: promotion.statusId, invoice: toInvoiceView(invoice, { billerCode }) }
      },
    }),
  ]
}
