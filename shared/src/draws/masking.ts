/**
 * How an entry is shown on the public record (issues 15 and 23): personal data only is masked.
 * Names become initials, e-mail local parts `j***@example.com`, phone digits `**** *** 678`;
 * entry IDs, postcodes and states are kept so an entrant can find their entry.
 * - `standard` and `initialsPostcode` (the SA winners list's name) show the same.
 * - `hidden`: nothing of the entry is shown, only its index.
 */
export const MASK_RULES = ['standard', 'initialsPostcode', 'hidden'] as const
export type MaskRule = (typeof MASK_RULES)[number]

const EMAIL = /^([^@\s]+)@([^@\s]+)$/

/** The local part masked, the domain kept (issue 23: mask personal data only): `john@example.com` → `j***@example.com`. */
export function maskEmail(value: string): string {
  const match = EMAIL.exec(value.trim())
  if (!match) return maskText(value)
  const [, local, domain] = match as unknown as [string, string, string]
  return `${Array.from(local)[0]}***@${domain}`
}

/** Initials of the words: `Jo Smith` → `J. S.`. */
export function maskText(value: string): string {
  const words = value.trim().split(/\s+/).filter(Boolean)
  return words.map((w) => `${Array.from(w)[0]!.toUpperCase()}.`).join(' ')
}

/** Australian states and territories: not personal, and what an entrant checks (issue 23). */
const STATES = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'])
/** An entry ID (`E0488`, `AB-12`): one token with a digit, no spaces: kept so an entrant finds their entry. */
const ENTRY_ID = /^(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9_\-./#]{0,39}$/

/** Phone numbers and other long numbers: every digit but the last three masked (`0412 345 678` → `**** *** 678`). */
export function maskDigits(value: string): string {
  const total = (value.match(/\d/g) ?? []).length
  let seen = 0
  return value.replace(/\d/g, (d) => (++seen > total - 3 ? d : '*'))
}

export function maskField(value: string, rule: MaskRule): string {
  const v = value.trim()
  if (rule === 'hidden' || v === '') return ''
  if (EMAIL.test(v)) return maskEmail(v)
  if (STATES.has(v.toUpperCase())) return v
  // Postcodes (4 digits) and short numbers (a ticket or store number) are not personal.
  if (/^\d{1,4}$/.test(v)) return v
  // Phone numbers and the like: digits masked.
  if (/^[+(\d][\d\s()+-]*$/.test(v)) return maskDigits(v)
  if (ENTRY_ID.test(v) && /[A-Za-z]/.test(v)) return v
  return maskText(v)
}

/** A whole entry (its fields) as the public sees it: masked fields joined by commas, empty ones left out. */
export function maskEntry(fields: readonly string[], rule: MaskRule): string {
  if (rule === 'hidden') return ''
  return fields
    .map((f) => maskField(f, rule))
    .filter((f) => f !== '')
    .join(', ')
}
