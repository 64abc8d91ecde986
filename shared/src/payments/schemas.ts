/** Wire schemas of the payment calls (001 §7). */
import { z } from 'zod'
import { PAGE_SIZES } from '../constants'
import { MoneySchema } from '../money-schema'
import { MSG_CONFIRM_PAYMENT_FIELDS, MSG_WAIVER_REASON_REQUIRED } from './messages'

const flag = z.boolean({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional().default(false)
const text = z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional()

/**
 * POST /api/promotion/submitPermitApplication (001 §7): id, card name, card security code, card
 * number, card expiry, isReattempt, isBPAY, skillsBasedTCPaymentOption, isCardAfterBpay. With
 * Stripe configured the browser sends `paymentMethodId` (or `paymentIntentId` after 3-D Secure)
 * instead of card fields.
 */
export const SubmitPermitApplicationSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  cardName: text,
  cardSecurityCode: text,
  cardNumber: text,
  cardExpiry: text,
  isReattempt: flag,
  isBPAY: flag,
  skillsBasedTCPaymentOption: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(50, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish(),
  isCardAfterBpay: flag,
  paymentMethodId: text,
  paymentIntentId: text,
  /**
   * Issue 22: what the payment page showed (dollars, amount + GST before any card surcharge) and
   * the invoice it named. When they are no longer what is owed, the payment is refused (409) and
   * nothing is charged.
   */
  expectedTotal: z
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .nonnegative({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .max(10_000_000, { error: MSG_CONFIRM_PAYMENT_FIELDS })
    .optional(),
  invoiceNumber: z
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .positive({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .nullish(),
})
export type SubmitPermitApplication = z.infer<typeof SubmitPermitApplicationSchema>

/** POST /api/payments/sandboxChallenge: the sandbox's 3-D Secure challenge, answered by the cardholder. */
export const SandboxChallengeSchema = z.object({
  clientSecret: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  outcome: z.enum(['complete', 'fail'], { error: MSG_CONFIRM_PAYMENT_FIELDS }),
})
export const SandboxChallengeResponseSchema = z.object({ id: z.number(), paymentIntentId: z.string(), status: z.enum(['succeeded', 'failed']) })

export const InvoiceNumberQuerySchema = z.object({
  invoiceNumber: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
})

/** GET /api/invoice/getInvoices (001 §7: page, count, promotion id). 000 §9: 10 a page by default, at most 100. */
export const InvoiceListQuerySchema = z.object({
  page: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS })
    .default(1),
  count: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS })
    .max(PAGE_SIZES.promotionInvoices, { error: MSG_CONFIRM_PAYMENT_FIELDS })
    .default(PAGE_SIZES.accountInvoices),
  promotionId: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .positive({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .optional(),
})

export const InvoiceCancelSchema = z.object({
  invoiceNumber: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
})

/** `{ id }` of a promotion: approveBpayPayment, beginAmendPermitApplication. */
export const PaymentPromotionIdSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
})

/** An invoice on the wire (money in dollars). */
export const InvoiceViewSchema = z.object({
  invoiceNumber: z.number(),
  promotionId: z.number(),
  promotionName: z.string().optional(),
  purpose: z.enum(['submission', 'additional', 'custom']),
  lines: z.array(z.object({ description: z.string(), amount: z.number(), taxable: z.boolean() })),
  amount: z.number(),
  gst: z.number(),
  ccSurcharge: z.number(),
  /** amount + gst + ccSurcharge. */
  total: z.number(),
  /** What paying it by card would cost now (× 1.015 on amount + GST), for unpaid invoices. */
  cardTotal: z.number(),
  method: z.enum(['card', 'bpay']).nullable(),
  crn: z.string().nullable(),
  billerCode: z.string().nullable(),
  status: z.enum(['paid', 'awaiting payment', 'cancelled']),
  dateCreated: z.string(),
  datePaid: z.string().nullable(),
  dateCancelled: z.string().nullable(),
  /** Issue 22: issued in test mode (no money taken; its own number series). */
  testMode: z.boolean(),
})
export type InvoiceView = z.infer<typeof InvoiceViewSchema>

/** 001 §3 pendingSubmissionInvoice / pendingCustomInvoice: amount, gst, ccSurcharge (dollars). */
export const PendingInvoiceSchema = z.object({ invoiceNumber: z.number().nullable(), amount: z.number(), gst: z.number(), ccSurcharge: z.number() }).nullable()

export const SubmitPermitApplicationResponseSchema = z.object({
  id: z.number(),
  permitStatus: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  invoice: InvoiceViewSchema.nullable(),
  /** Card payments: the brand and last four digits charged. */
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  /** Stripe 3-D Secure: complete it in the browser with Stripe.js, then submit again with `paymentIntentId`. */
  requiresAction: z.object({ clientSecret: z.string(), paymentIntentId: z.string() }).optional(),
})

/**
 * POST /api/promotion/submitAddendum (001 §7: id, addendumSlug). `fileName` names the upload
 * (the server name answered by /api/Upload); without it, the addendum already attached is sent.
 */
export const SubmitAddendumSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  addendumSlug: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(100, { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  fileName: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish(),
})

/** Staff: createInvoice (001 §7: id, amount, gst), dollars on the wire; an optional description for the tax invoice. */
export const CreateInvoiceSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  amount: MoneySchema,
  gst: MoneySchema,
  description: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).trim().max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).nullish(),
})

/** Staff: chargeCard, an unpaid invoice charged to a card (plus the 1.5% surcharge). */
export const ChargeCardSchema = z.object({
  invoiceNumber: z.coerce
    .number({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .int({ error: MSG_CONFIRM_PAYMENT_FIELDS })
    .positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  cardName: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardNumber: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardExpiry: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  cardSecurityCode: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  paymentMethodId: z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
  isReattempt: z.boolean({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional().default(false),
})

/**
 * The lodgement pack's state (issue 12), as the dashboard and the staff promotion page show it:
 * `unpaid` (not available yet), `none` (not built for this version of the application),
 * `queued` (waiting, or waiting for a retry: `error` says why the last attempt failed),
 * `building` (`step` of `total`), `ready` (download it), `failed` (every attempt failed: `error`).
 */
export const LodgementPackViewSchema = z.object({
  promotionId: z.number(),
  state: z.enum(['unpaid', 'none', 'queued', 'building', 'ready', 'failed']),
  step: z.number(),
  total: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
  /** Size of the zip in bytes, once ready. */
  sizeBytes: z.number().nullable(),
  updatedAt: z.string().nullable(),
  /** `/promotions/downloadpdfs/{id}` once ready, else null. */
  downloadUrl: z.string().nullable(),
})
export type LodgementPackView = z.infer<typeof LodgementPackViewSchema>

/** Issue 22, staff: waive the payment a paid service waits for, with the reason (kept in the changelog). */
export const WaiveServicePaymentSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
  service: z.enum(['terms', 'draw', 'lodgementPack'], { error: MSG_CONFIRM_PAYMENT_FIELDS }),
  reason: z.string({ error: MSG_WAIVER_REASON_REQUIRED }).trim().min(5, { error: MSG_WAIVER_REASON_REQUIRED }).max(500, { error: MSG_WAIVER_REASON_REQUIRED }),
})
