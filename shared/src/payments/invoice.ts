/**
 * Invoice amounts (001 §3 Invoice: invoiceNumber, amount, gst, dates paid and cancelled; 001 §9).
 * Every amount is integer cents: `amount` is ex GST, `gst` the GST on the provider's fees,
 * `ccSurcharge` 1.5% of (amount + gst) when paid by card, never GST-ed.
 */
import { cardSurcharge, type FeeDue } from '../fees/calculate-fees'
import { skillTcInvoiceDescription } from '../fees/skill-terms'

export type InvoicePurpose = 'submission' | 'additional' | 'custom'
export type InvoicePaymentMethod = 'card' | 'bpay'

export interface InvoiceLine {
  /** What the line is for (the tax invoice's "description of each service"). */
  description: string
  /** Ex GST, integer cents. */
  amount: number
  /** Whether GST applies (government licence fees are GST-free). */
  taxable: boolean
}

export interface InvoiceAmounts {
  amount: number
  gst: number
  lines: InvoiceLine[]
}

/** The invoice lines of a fee breakdown (non-zero lines only). */
export function invoiceLinesOf(fees: FeeDue): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    { description: 'NSW trade promotion lottery permit fee (government, GST-free)', amount: fees.feeDue_NSW, taxable: false },
    { description: 'ACT trade promotion permit fee (government, GST-free)', amount: fees.feeDue_ACT, taxable: false },
    { description: 'SA lottery licence fee (government, GST-free)', amount: fees.feeDue_SA, taxable: false },
    { description: 'Permit management service', amount: fees.feeDue_Service, taxable: true },
    { description: 'Random draw service', amount: fees.feeDue_RandomDraw, taxable: true },
    { description: 'Terms and conditions (game of chance)', amount: fees.feeDue_TermsAndConditions, taxable: true },
    { description: skillTcInvoiceDescription(fees.feeDue_SkillsBasedTC), amount: fees.feeDue_SkillsBasedTC, taxable: true },
    { description: 'Abridged terms and conditions', amount: fees.feeDue_AbridgedTC, taxable: true },
    { description: 'Hosted terms and conditions', amount: fees.feeDue_HostedTC, taxable: true },
    { description: 'Winner publication service', amount: fees.feeDue_WinnerPublication ?? 0, taxable: true },
  ]
  return lines.filter((line) => line.amount > 0)
}

/** The submission invoice of a fee breakdown: amount ex GST (the fee lines' total) and GST. */
export function submissionInvoiceAmounts(fees: FeeDue): InvoiceAmounts {
  return { amount: fees.feeDue_Total, gst: fees.feeDue_GST, lines: invoiceLinesOf(fees) }
}

/** What a card payment of an invoice costs: amount + GST + 1.5% surcharge on both (001 §9). */
export function cardTotal(amount: number, gst: number): { surcharge: number; total: number } {
  const surcharge = cardSurcharge(amount, gst)
  return { surcharge, total: amount + gst + surcharge }
}
