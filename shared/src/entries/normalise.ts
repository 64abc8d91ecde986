/**
 * Issue 27: the keys entries are compared on (the per-day limit counts on them; screening finds
 * duplicates with them). Each returns null when the value is absent or cannot be a key, so a
 * blank never matches another blank.
 */

/** Providers that deliver `a.b+tag@` to `ab@`: for them dots and `+tags` do not make a new address. */
const DOTS_AND_TAGS_IGNORED = new Set(['gmail.com', 'googlemail.com'])
/** Providers that ignore only `+tags`. */
const TAGS_IGNORED = new Set(['outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'fastmail.com', 'proton.me', 'protonmail.com'])

/** Lowercase; for providers that ignore them, dots and `+tags` removed; googlemail.com is gmail.com. */
export function normaliseEmail(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim().toLowerCase()
  const at = trimmed.lastIndexOf('@')
  if (at <= 0 || at === trimmed.length - 1) return null
  let local = trimmed.slice(0, at)
  let domain = trimmed.slice(at + 1).replace(/\.+$/, '')
  if (!domain) return null
  if (DOTS_AND_TAGS_IGNORED.has(domain)) {
    local = local.split('+')[0].replace(/\./g, '')
    domain = 'gmail.com'
  } else if (TAGS_IGNORED.has(domain)) {
    local = local.split('+')[0]
  }
  if (!local) return null
  return `${local}@${domain}`
}

/**
 * An Australian phone number in E.164 (+61…): `0412 345 678`, `(02) 9876 5432`, `+61 412 345 678`
 * and `0061…` all give the same key. Numbers that are not Australian-shaped keep their digits with
 * a `+` when written internationally, else null.
 */
export function normalisePhone(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const raw = value.trim()
  if (!raw) return null
  const international = raw.startsWith('+') || raw.startsWith('00')
  let digits = raw.replace(/\D/g, '')
  if (raw.startsWith('00')) digits = digits.slice(2)
  if (international) {
    if (digits.startsWith('61')) {
      let national = digits.slice(2)
      if (national.startsWith('0')) national = national.slice(1) // +61 (0)4…
      return national.length === 9 ? `+61${national}` : null
    }
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null
  }
  // National: a trunk 0 then nine digits (mobiles 04, landlines 02/03/07/08, 1300/1800 are not persons).
  if (digits.length === 10 && /^0[2-578]/.test(digits)) return `+61${digits.slice(1)}`
  if (digits.length === 9 && /^[2-578]/.test(digits)) return `+61${digits}`
  return null
}

/** Lowercase, accents removed (é → e), punctuation dropped, whitespace folded to one space. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `name|postcode`, folded; null unless both are present. */
export function normaliseNamePostcode(name: string | null | undefined, postcode: string | null | undefined): string | null {
  if (typeof name !== 'string' || typeof postcode !== 'string') return null
  const n = foldText(name)
  const p = postcode.replace(/\s+/g, '')
  if (!n || !p) return null
  return `${n}|${p}`
}

/** The key the per-day limit counts on: the normalised e-mail, else the phone (null: neither was asked). */
export function entrantKey(emailNorm: string | null, phoneNorm: string | null): string | null {
  if (emailNorm) return `e:${emailNorm}`
  if (phoneNorm) return `p:${phoneNorm}`
  return null
}
