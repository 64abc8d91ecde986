/** Wire schemas of the payment calls (001 §7). */
import { z } from 'zod';
import { MSG_CONFIRM_PAYMENT_FIELDS } from './messages';

const flag = z.boolean({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional().default(false);
const text = z.string({ error: MSG_CONFIRM_PAYMENT_FIELDS }).max(200, { error: MSG_CONFIRM_PAYMENT_FIELDS }).optional();

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
});
export type SubmitPermitApplication = z.infer<typeof SubmitPermitApplicationSchema>;

export const InvoiceNumberQuerySchema = z.object({
  invoiceNumber: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
});

/** GET /api/invoice/getInvoices (001 §7: page, count, promotion id). 000 §9: 10 a page by default, at most 100. */
export const InvoiceListQuerySchema = z.object({
  page: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).default(1),
  count: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).min(1, { error: MSG_CONFIRM_PAYMENT_FIELDS }).max(100, { error: MSG_CONFIRM_PAYMENT_FIELDS }).default(10),
  promotionId: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }).optional(),
});

export const InvoiceCancelSchema = z.object({
  invoiceNumber: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
});

export const ApproveBpayPaymentSchema = z.object({
  id: z.coerce.number({ error: MSG_CONFIRM_PAYMENT_FIELDS }).int({ error: MSG_CONFIRM_PAYMENT_FIELDS }).positive({ error: MSG_CONFIRM_PAYMENT_FIELDS }),
});
