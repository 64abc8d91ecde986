/**
 * Australian business identifiers as they are written (ABR, ASIC): an ABN in groups 2-3-3-3
 * ("51 824 753 556"), an ACN in groups of three ("004 085 616"). Input may carry spaces or
 * dashes; anything that is not 11 (ABN) or 9 (ACN) digits is returned trimmed, as typed.
 */
const digitsOf = (value: string) => value.replace(/[\s-]+/g, '')

export function formatAbn(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  const digits = digitsOf(text)
  if (!/^\d{11}$/.test(digits)) return text
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
}

export function formatAcn(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  const digits = digitsOf(text)
  if (!/^\d{9}$/.test(digits)) return text
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
}

/**
 * The applicant's one "ABN or ACN" answer with its label: "ABN 51 824 753 556" or
 * "ACN 004 085 616" (told apart by the number of digits); other text as typed; empty when none.
 */
export function formatAbnOrAcn(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  const digits = digitsOf(text)
  if (/^\d{11}$/.test(digits)) return `ABN ${formatAbn(digits)}`
  if (/^\d{9}$/.test(digits)) return `ACN ${formatAcn(digits)}`
  return text
}
