/**
 * Payment and invoice messages. Spec 001 §8 quotes first (word for word), then our own wording
 * for rules the spec states without text (000 §5 card checks, BPAY, invoices).
 */

// 001 §8 "Card charge failure": the server message, or this.
export const MSG_CARD_MAY_HAVE_BEEN_CHARGED = 'An error occurred. Please do not try again, as the card may have been charged.'
// 001 §8 "Payment submit failure with model-state errors".
export const MSG_CONFIRM_PAYMENT_FIELDS = 'Please confirm all fields on the previous page are correct, then try again.'

// 000 §5 card checks (our wording).
export const MSG_CARD_NAME_REQUIRED = 'Enter the name on the card.'
export const MSG_CARD_NUMBER_INVALID = 'Enter a valid card number.'
export const MSG_CARD_CVC_INVALID = 'Enter the 3 or 4 digit security code.'
export const MSG_CARD_EXPIRY_INVALID = 'Enter an expiry date in the future (MM/YY).'

// The sandbox gateway's answers (the wording of the common test gateways).
export const MSG_CARD_DECLINED = 'Your card was declined.'
export const MSG_CARD_AUTHENTICATION_REQUIRED = 'Your card requires authentication. Please use another card or pay by BPAY.'
// 3-D Secure failed or abandoned (Stripe's wording for payment_intent_authentication_failure).
export const MSG_CARD_AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
export const MSG_PAYMENT_NOT_FOR_INVOICE = 'This payment does not belong to this invoice.'

// Stripe configured: card data never reaches the server.
export const MSG_RAW_CARD_REFUSED = 'Card details must be entered in the secure card field, not sent to this server.'

// Submission rules (our wording).
export const MSG_NOT_READY_FOR_PAYMENT = 'This application is not ready for payment.'
export const MSG_BPAY_NOT_AVAILABLE = 'There is no BPAY payment awaiting clearance for this application.'
export const MSG_CRN_INVALID = 'Enter a valid BPAY customer reference number.'
export const MSG_INVOICE_ALREADY_PAID = 'This invoice has already been paid.'
export const MSG_INVOICE_ALREADY_CANCELLED = 'This invoice has already been cancelled.'
export const MSG_NO_ADDITIONAL_PAYMENT_DUE = 'There is no additional payment due for this application.'
export const MSG_STRIPE_SIGNATURE_INVALID = 'The Stripe signature of this event is not valid.'
export const MSG_PAYMENT_DUE_BEFORE_GENERATION = 'Please pay for this application before its forms are generated.'
export const MSG_ADDENDUM_UNKNOWN =
  'Choose one of the addenda: list of entries, list of prize winners, list of unclaimed prize winners, statutory declaration of scrutineer or abridged terms and conditions.'
export const MSG_ADDENDUM_FILE_REQUIRED = 'Upload the addendum before submitting it.'
export const MSG_ADDENDUM_NOT_AFTER_SUBMISSION = 'An addendum can be submitted once the application has been submitted.'
export const MSG_LODGEMENT_PACK_NOT_PAID = 'The lodgement pack is available once the application has been paid.'
export const MSG_INVOICE_AMOUNT_REQUIRED = 'Enter an amount greater than $0.'
export const MSG_STAFF_CARD_NEEDS_AUTHENTICATION = 'This card needs the cardholder to authenticate; ask the customer to pay from their dashboard.'

// The lodgement pack, built by a job (our wording).
export const MSG_LODGEMENT_PACK_BUILDING = 'The lodgement pack is being prepared. Please try again in a moment.'
export const MSG_LODGEMENT_PACK_FAILED = 'The lodgement pack could not be prepared. Our staff have been told; you can ask for it again.'
export const MSG_LODGEMENT_PACK_STORAGE_FAILED = 'The file store did not answer while the lodgement pack was saved.'
export const MSG_LODGEMENT_PACK_FORMS_FAILED = 'The application forms could not be printed.'

// Issue 22: the amount on the payment page is no longer what is owed (the fees changed in between).
export const MSG_PAYMENT_TOTAL_CHANGED =
  'The amount owed for this application has changed since this page was opened. Nothing was charged: check the new total and pay again.'
// Issue 22: shown on every screen, e-mail and invoice while PAYMENTS=test (like Stripe's own test-mode banner).
export const MSG_TEST_MODE = 'TEST MODE — no money taken'

// Issue 22: paid services wait for their payment (decision record 019).
export type PaidService = 'terms' | 'draw' | 'lodgementPack'
export const PAID_SERVICE_NAMES: Record<PaidService, string> = {
  terms: 'The terms and conditions (approval, PDF and hosted page)',
  draw: 'The random draw (running it, its certificate and public result)',
  lodgementPack: 'The lodgement pack',
}
/** The refusal (402): what waits, what to pay, and where (the payment page of the promotion). */
export function msgServiceUnpaid(service: PaidService, owed: string, paymentPath: string): string {
  return `${PAID_SERVICE_NAMES[service]} will be available once this promotion is paid. Please pay ${owed} on the payment page: ${paymentPath}`
}
export const MSG_TERMS_DRAFT_UNPAID = 'Draft — not yet paid'
export const MSG_WAIVER_REASON_REQUIRED = 'Give the reason for waiving the payment (it is kept in the changelog).'
// Issue 22: invoice e-mails are limited (5 an hour per invoice and per account).
export const INVOICE_EMAILS_PER_HOUR = 5
export function msgInvoiceEmailLimit(minutes: number): string {
  return `A tax invoice can be e-mailed ${INVOICE_EMAILS_PER_HOUR} times an hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or download the PDF.`
}
