/** The payment mails (issue 12): receipt, BPAY instructions, submitted confirmation. */
import { formatCurrency } from '@permitdesk/shared'
import { layout, type Brand, type Email } from './templates'

type InvoiceFacts = { invoiceNumber: number; total: number; promotionName: string; dashboardUrl: string }

export function paymentReceiptTemplate(
  brand: Brand,
  { firstName, invoiceNumber, total, promotionName, dashboardUrl, method }: InvoiceFacts & { firstName: string; method: 'card' | 'bpay' },
): Email {
  return layout(brand, {
    subject: `Payment received: tax invoice ${invoiceNumber}`,
    heading: `Thank you, ${firstName}`,
    paragraphs: [
      `We received your ${method === 'bpay' ? 'BPAY' : 'card'} payment of ${formatCurrency(total)} for ${promotionName}.`,
      `Your tax invoice ${invoiceNumber} is attached.`,
    ],
    action: { label: 'Open the promotion', url: dashboardUrl },
  })
}

export function bpayInstructionsTemplate(
  brand: Brand,
  { firstName, invoiceNumber, total, promotionName, dashboardUrl, billerCode, crn }: InvoiceFacts & { firstName: string; billerCode: string; crn: string },
): Email {
  return layout(brand, {
    subject: `BPAY payment details for invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `To pay for ${promotionName} by BPAY, use these details in your bank's BPAY service:`,
      `Biller code: ${billerCode}`,
      `Reference number (CRN): ${crn}`,
      `Amount: ${formatCurrency(total)}`,
      'Your application waits in "Pending payment clearance" and is submitted once the payment clears. You can also pay by card instead from the promotion.',
      `Tax invoice ${invoiceNumber} is attached.`,
    ],
    action: { label: 'Open the promotion', url: dashboardUrl },
  })
}

/** After "Pay and submit": the status in the customer's words and what happens next (shared status vocabulary). */
export function submittedTemplate(
  brand: Brand,
  {
    firstName,
    promotionName,
    statusName,
    nextStep,
    dashboardUrl,
  }: { firstName: string; promotionName: string; statusName: string; nextStep: string; dashboardUrl: string },
): Email {
  return layout(brand, {
    subject: `${promotionName}: ${statusName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Thank you: we have received your payment for ${promotionName}. Its status is now "${statusName}".`, nextStep],
    action: { label: 'Open the promotion', url: dashboardUrl },
  })
}

export function invoiceCopyTemplate(
  brand: Brand,
  { firstName, invoiceNumber, promotionName, dashboardUrl }: { firstName: string; invoiceNumber: number; promotionName: string; dashboardUrl: string },
): Email {
  return layout(brand, {
    subject: `Tax invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`As requested, tax invoice ${invoiceNumber} for ${promotionName} is attached.`],
    action: { label: 'Open the promotion', url: dashboardUrl },
  })
}

export function amendmentStartedTemplate(
  brand: Brand,
  { firstName, promotionName, editUrl }: { firstName: string; promotionName: string; editUrl: string },
): Email {
  return layout(brand, {
    subject: `${promotionName}: amendment started`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `You started an amendment of the permit application for ${promotionName}. It is now "Amendments in progress".`,
      'Make your changes and submit the application again. If the changes raise the fees, only the difference is charged.',
    ],
    action: { label: 'Continue the amendment', url: editUrl },
  })
}

export function additionalPaymentDueTemplate(
  brand: Brand,
  { firstName, promotionName, total, dashboardUrl }: { firstName: string; promotionName: string; total: number; dashboardUrl: string },
): Email {
  return layout(brand, {
    subject: `${promotionName}: additional payment due`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `The changes to ${promotionName} raised its fees. An additional payment of ${formatCurrency(total)} (including GST) is due; only the difference is charged.`,
    ],
    action: { label: 'Pay the additional fees', url: dashboardUrl },
  })
}
