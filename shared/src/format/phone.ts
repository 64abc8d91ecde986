/**
 * Australian phone numbers grouped as they are written (ACMA numbering plan):
 * mobiles "0412 345 678", geographic "(02) 9876 5432", "1300 123 456", "1800 123 456",
 * "13 12 34", premium "1900 123 456", and SMS short codes "19 12 34 56" (8 digits) or
 * "19 99 99" (6 digits). "+61" / "61" numbers become national. Anything else is returned trimmed,
 * as typed, so a number this does not know is never mangled.
 */
export function formatAuPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  let digits = text.replace(/[\s()\-.]+/g, '')
  if (/^\+?61\d{9}$/.test(digits)) digits = `0${digits.replace(/^\+?61/, '')}`
  if (!/^\d+$/.test(digits)) return text
  const group = (...sizes: number[]) => {
    const parts: string[] = []
    let at = 0
    for (const size of sizes) parts.push(digits.slice(at, (at += size)))
    return parts
  }
  if (digits.length === 10 && /^04|^05/.test(digits)) return group(4, 3, 3).join(' ')
  if (digits.length === 10 && /^0[2378]/.test(digits)) {
    const [area, a, b] = group(2, 4, 4)
    return `(${area}) ${a} ${b}`
  }
  if (digits.length === 10 && /^1[389]00/.test(digits)) return group(4, 3, 3).join(' ')
  if (digits.length === 6 && /^1[39]/.test(digits)) return group(2, 2, 2).join(' ')
  if (digits.length === 8 && /^19/.test(digits)) return group(2, 2, 2, 2).join(' ')
  return text
}

/** A list of numbers as typed ("0412345678, 1300123456") with each number formatted. */
export function formatAuPhoneList(value: string | null | undefined): string {
  const parts = (value ?? '')
    .split(/\s*(?:,|;|\bor\b|\band\b)\s*/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length <= 1) return formatAuPhone(value)
  const formatted = parts.map(formatAuPhone)
  return `${formatted.slice(0, -1).join(', ')} or ${formatted[formatted.length - 1]}`
}
