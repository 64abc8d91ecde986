/**
 * The payment and invoice calls (001 §7), shared by the payment page, the promotion dashboard and
 * the account's invoice list. Errors are shown beside the form by the caller, not broadcast.
 */
import type { InvoiceView } from '@permitdesk/shared'
import { apiRequest } from './api-client'

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
export const getPaymentConfig = () => apiRequest<PaymentConfig>('GET', '/api/payments/config', { notify: false })

export type SubmitPaymentResult = {
  id: number
  permitStatus: { id: number; name: string; slug: string }
  invoice: InvoiceView | null
  card: { brand: string | null; last4: string | null } | null
  requiresAction?: { clientSecret: string; paymentIntentId: string }
}

export const submitPermitApplication = (body: SubmitPayment) =>
  apiRequest<SubmitPaymentResult>('POST', '/api/promotion/submitPermitApplication', {
    body,
    notify: false,
  })

/** The sandbox gateway's 3-D Secure challenge, answered by the cardholder (Complete / Fail). */
export const answerSandboxChallenge = (body: { clientSecret: string; outcome: 'complete' | 'fail' }) =>
  apiRequest<{ id: number; paymentIntentId: string; status: 'succeeded' | 'failed' }>('POST', '/api/payments/sandboxChallenge', { body, notify: false })

/** Pays the rise in fees after a paid submission (only the difference is invoiced). */
export const submitAdditionalPayment = (body: SubmitPayment) =>
  apiRequest<SubmitPaymentResult>('POST', '/api/promotion/submitAdditionalPayment', { body, notify: false })

/** 001 §2: submitted/resubmitted/generated/regenerated → Amendments in progress. */
export const beginAmendPermitApplication = (id: number) =>
  apiRequest<{ id: number; permitStatus: { id: number; name: string; slug: string } }>('POST', '/api/promotion/beginAmendPermitApplication', {
    body: { id },
    notify: false,
  })

/** Self submission, paid: Forms ready for (re)generation → (Re)generated. */
export const generatePermitApplication = (id: number) =>
  apiRequest<{ id: number; permitStatus: { id: number; name: string; slug: string } }>('POST', '/api/promotion/generatePermitApplication', {
    body: { id },
    notify: false,
  })

export const getInvoices = (query: { page?: number; count?: number; promotionId?: number }) =>
  apiRequest<{ invoices: InvoiceView[]; invoiceCount: number; page: number; count: number }>('GET', '/api/invoice/getInvoices', { query, notify: false })

/** The tax invoice PDF (001 §7 downloads). */
export const invoicePdfUrl = (invoiceNumber: number) => `/download/invoice/${invoiceNumber}`

export type { LodgementPackView } from '@permitdesk/shared'
import type { LodgementPackView } from '@permitdesk/shared'

/** The lodgement pack's state and progress (owner or staff). */
export const getLodgementPack = (id: number) => apiRequest<LodgementPackView>('GET', '/api/promotion/lodgementPack', { query: { id }, notify: false })

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
  apiRequest<{ id: number; services: Record<PaidServiceName, ServicePaymentState> }>('GET', '/api/promotion/servicePayment', { query: { id }, notify: false })

/** Builds the pack now (again after a failure). */
export const requestLodgementPack = (id: number) =>
  apiRequest<LodgementPackView>('POST', '/api/promotion/requestLodgementPack', { body: { id }, notify: false })

/** Issue 14: buy skill-based T&Cs with a credit option (150/250/1000: price and edit window). */
export const submitSkillsBasedTC = (body: SubmitPayment & { skillsBasedTCPaymentOption: string }) =>
  apiRequest<SubmitPaymentResult & { skillsBasedTCPaymentOption: string; skillsBasedTCEditWindow: string | null }>(
    'POST',
    '/api/promotion/submitSkillsBasedTC',
    {
      body,
      notify: false,
    },
  )
