/**
 * An entry's row of the draw's canonical file (`permitdesk-draw-v1`, issue 27): the entry number,
 * then the personal fields masked by the shared rules (maskText, maskEmail, maskDigits). Written
 * once when the entry arrives (app.entries.canonical: the row after its number), so the freeze
 * only streams stored bytes instead of masking a million rows at the close.
 */
import { canonicalRow, maskEmail, maskText } from '@permitdesk/shared'

/** An entry's fields as the freeze reads them (null when absent). */
export type FreezeRow = { id: string; name: string | null; email: string | null; phone: string | null; state: string | null; postcode: string | null }

const value = (v: string | null) => (v ?? '').trim()

/** Printable ASCII and spaces only: the shared masking rules then reduce to the byte loops below. */
const PLAIN = /^[\x20-\x7e]*$/

/** maskText for plain text: initials of the space-separated words. */
function maskTextPlain(v: string): string {
  let out = ''
  let atWordStart = true
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c === 32) atWordStart = true
    else if (atWordStart) {
      out += `${out ? ' ' : ''}${c >= 97 && c <= 122 ? String.fromCharCode(c - 32) : v[i]}.`
      atWordStart = false
    }
  }
  return out
}

/** maskEmail for plain text: one `@` with something either side and no space, else the text rule. */
function maskEmailPlain(v: string): string {
  const at = v.indexOf('@')
  if (at <= 0 || at === v.length - 1 || v.indexOf('@', at + 1) >= 0 || v.includes(' ')) return maskTextPlain(v)
  return `${v[0]}***@${v.slice(at + 1)}`
}

/** maskDigits without a regular expression: every ASCII digit but the last three masked. */
function maskDigitsPlain(v: string): string {
  let total = 0
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c >= 48 && c <= 57) total += 1
  }
  let out = ''
  let seen = 0
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    out += c >= 48 && c <= 57 && ++seen <= total - 3 ? '*' : v[i]
  }
  return out
}

/**
 * One entry as its canonical row's fields: the number in full, personal data masked by the shared
 * rules; plain ASCII values take loops that give the same text (a property test holds them to the
 * shared rules), anything else the shared functions themselves.
 */
export function frozenFields(row: FreezeRow): string[] {
  const name = value(row.name)
  const email = value(row.email)
  const phone = value(row.phone)
  return [
    row.id,
    name && (PLAIN.test(name) ? maskTextPlain(name) : maskText(name)),
    email && (PLAIN.test(email) ? maskEmailPlain(email) : maskEmail(email)),
    phone && maskDigitsPlain(phone),
    value(row.state),
    value(row.postcode),
  ]
}

/** A stored field as `fields->>'key'` reads it: strings as they are, booleans as `true`/`false`. */
const textOf = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v))

/**
 * What app.entries.canonical holds for an entry with these fields: its canonical row after the
 * entry number, with the row's `\n` (`,J. S.,j***@example.com,**** *** 678,NSW,2000\n`). The
 * number is the entry's id, known only once inserted; the freeze writes `id || canonical`.
 */
export function canonicalAfterNumber(fields: Record<string, unknown>): string {
  const row = frozenFields({
    id: '',
    name: textOf(fields.name),
    email: textOf(fields.email),
    phone: textOf(fields.phone),
    state: textOf(fields.state),
    postcode: textOf(fields.postcode),
  })
  // canonicalRow joins with commas, so the row after an empty first field starts with its comma.
  return `${canonicalRow(row)}\n`
}
