import type { PgBoss } from 'pg-boss'
import { startEventHandler, type DeliveryDeps } from '../events/delivery'
import type { EventHandler } from '../events/events'
import { sendInvoiceMail, sendSubmittedMail, type PaymentMailDeps } from '../modules/payments/send-payment-mails'

/**
 * The payment and T&C-purchase mails (issue 12) as subscribers of what the payment's transaction
 * published (issue 31): the receipt on `promotion.paid`, the BPAY instructions on
 * `payment.bpayChosen`, the "submitted" confirmation on `promotion.submitted`. Each handler records
 * (event, handler) in its transaction first, so a second delivery of the same event mails nothing;
 * a payment that rolled back published nothing, so it mails nothing.
 */
export function paymentMailHandlers(deps: PaymentMailDeps) {
  const receipt: EventHandler<'promotion.paid'> = {
    name: 'payment-receipt-mail',
    type: 'promotion.paid',
    handle: (event) => sendInvoiceMail(deps, 'paid', event.payload),
  }
  const bpay: EventHandler<'payment.bpayChosen'> = {
    name: 'payment-bpay-mail',
    type: 'payment.bpayChosen',
    handle: (event) => sendInvoiceMail(deps, 'bpay', event.payload),
  }
  const submitted: EventHandler<'promotion.submitted'> = {
    name: 'submitted-mail',
    type: 'promotion.submitted',
    handle: (event) => sendSubmittedMail(deps, event.payload),
  }
  return { receipt, bpay, submitted }
}

/** Subscribes this process to the payment mails; answers the function that stops them. */
export async function startPaymentMails(boss: PgBoss, deps: PaymentMailDeps & DeliveryDeps, { pollingIntervalSeconds = 0.5 } = {}) {
  const { receipt, bpay, submitted } = paymentMailHandlers(deps)
  const stops = [
    await startEventHandler(boss, deps, receipt, { pollingIntervalSeconds }),
    await startEventHandler(boss, deps, bpay, { pollingIntervalSeconds }),
    await startEventHandler(boss, deps, submitted, { pollingIntervalSeconds }),
  ]
  return async () => {
    for (const stop of stops) await stop()
  }
}
