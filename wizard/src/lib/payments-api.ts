/**
 * The payment and invoice calls (001 §7), shared by the payment page, the promotion dashboard and
 * the account's invoice list. Errors are shown beside the form by the caller, not broadcast.
 */
import type { InvoiceView } from '@permitdesk/shared'
import { typedApi, type ApiBody } from './typed-api'

export type { InvoiceView }

export type SubmitPayment = {
  id: number
  cardName?: string
  cardNumber?: string
  cardExpiry?: string
  cardSecurityCode?: string
  isReattempt: boolean
  isBPAY: boolean
  isCardAfterBpay: boolean
  /** Stripe: from Elements, or the PaymentIntent after 3-D Secure. */
  paymentMethodId?: string
  paymentIntentId?: string
  /** Issue 22: the total shown (dollars, before the card surcharge) and the invoice it named; a 409 when no longer owed. */
  expectedTotal?: number
  invoiceNumber?: number | null
}

export type PaymentConfig = { gateway: 'sandbox' | 'stripe'; publishableKey: string | null; billerCode: string }
export const getPaymentConfig = () => typedApi.get('/payments/config', { notify: false }) as Promise<PaymentConfig>

export type SubmitPaymentResult = {
  id: number
  permitStatus: { id: number; name: string; slug: string }
  invoice: InvoiceView | null
  card: { brand: string | null; last4: string | null } | null
  requiresAction?: { clientSecret: string; paymentIntentId: string }
}

export const submitPermitApplication = (body: SubmitPayment) =>
  typedApi.post('/promotion/submitPermitApplication', body, { notify: false }) as Promise<SubmitPaymentResult>

/** The sandbox gateway's 3-D Secure challenge, answered by the cardholder (Complete / Fail). */
export const answerSandboxChallenge = (body: { clientSecret: string; outcome: 'complete' | 'fail' }) =>
  typedApi.post('/payments/sandboxChallenge', body, { notify: false }) as Promise<{ id: number; paymentIntentId: string; status: 'succeeded' | 'failed' }>

/** Pays the rise in fees after a paid submission (only the difference is invoiced). */
export const submitAdditionalPayment = (body: SubmitPayment) =>
  typedApi.post('/promotion/submitAdditionalPayment', body, { notify: false }) as Promise<SubmitPaymentResult>

/** 001 §2: submitted/resubmitted/generated/regenerated → Amendments in progress. */
export const beginAmendPermitApplication = (id: number) =>
  typedApi.post('/promotion/beginAmendPermitApplication', { id }, { notify: false }) as Promise<{
    id: number
    permitStatus: { id: number; name: string; slug: string }
  }>

/** Self submission, paid: Forms ready for (re)generation → (Re)generated. */
export const generatePermitApplication = (id: number) =>
  typedApi.post('/promotion/generatePermitApplication', { id }, { notify: false }) as Promise<{
    id: number
    permitStatus: { id: number; name: string; slug: string }
  }>

export const getInvoices = (query: { page?: number; count?: number; promotionId?: number }) =>
  typedApi.get('/invoice/getInvoices', { query, notify: false }) as Promise<{ invoices: InvoiceView[]; invoiceCount: number; page: number; count: number }>

/** The tax invoice PDF (001 §7 downloads). */
export const invoicePdfUrl = (invoiceNumber: number) => `/download/invoice/${invoiceNumber}`

export type { LodgementPackView } from '@permitdesk/shared'
import type { LodgementPackView } from '@permitdesk/shared'

/** The lodgement pack's state and progress (owner or staff). */
export const getLodgementPack = (id: number) => typedApi.get('/promotion/lodgementPack', { query: { id }, notify: false }) as Promise<LodgementPackView>

/** Issue 22: each paid service's payment state, as the server enforces it (shown before the customer tries). */
export type ServicePaymentState = {
  state: 'paid' | 'owed' | 'notBought'
  owed: number | null
  message: string | null
  paymentPath: string | null
  servicesPath: string | null
}
export type PaidServiceName = 'terms' | 'draw' | 'lodgementPack'
export const getServicePayment = (id: number) =>
  typedApi.get('/promotion/servicePayment', { query: { id }, notify: false }) as Promise<{ id: number; services: Record<PaidServiceName, ServicePaymentState> }>

/** Builds the pack now (again after a failure). */
export const requestLodgementPack = (id: number) => typedApi.post('/promotion/requestLodgementPack', { id }, { notify: false }) as Promise<LodgementPackView>

/** Issue 14: buy skill-based T&Cs with a credit option (150/250/1000: price and edit window). */
export const submitSkillsBasedTC = (
  body: SubmitPayment & { skillsBasedTCPaymentOption: ApiBody<'/promotion/submitSkillsBasedTC'>['skillsBasedTCPaymentOption'] },
) =>
  typedApi.post('/promotion/submitSkillsBasedTC', body, { notify: false }) as Promise<
    SubmitPaymentResult & { skillsBasedTCPaymentOption: string; skillsBasedTCEditWindow: string | null }
  >
