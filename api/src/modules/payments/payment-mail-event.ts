/** What a payment step tells the mails (send-payment-mails.ts) once committed; its own file so the use cases that raise it and the mails do not import each other. */
export type PaymentMailEvent = {
  kind: 'paid' | 'bpay' | 'submitted-only'
  promotionId: number
  promotionName: string
  statusId: number
  userId: number
  invoiceNumber: number | null
}
