/**
 * BPAY customer reference numbers. The CRN is derived from the invoice number with a MOD10V01
 * check digit (BPAY's name for the Luhn algorithm), and checked on input.
 */
import { luhnCheckDigit, luhnValid } from './card'

/** CRNs are 2 to 20 digits; ours are the invoice number (at least 6 digits) plus the check digit. */
export function crnForInvoice(invoiceNumber: number): string {
  if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0) throw new RangeError(`Not an invoice number: ${invoiceNumber}`)
  const base = String(invoiceNumber).padStart(6, '0')
  return `${base}${luhnCheckDigit(base)}`
}

/** MOD10V01: digits only, 2 to 20 long, last digit the Luhn check digit of the rest. */
export function isValidCrn(crn: string): boolean {
  const digits = crn.replace(/\s/g, '')
  return /^\d{2,20}$/.test(digits) && luhnValid(digits)
}

/** The invoice number a CRN was made from, or null when it is not one of ours. */
export function invoiceNumberFromCrn(crn: string): number | null {
  const digits = crn.replace(/\s/g, '')
  if (!isValidCrn(digits) || digits.length < 7) return null
  return Number(digits.slice(0, -1))
}
