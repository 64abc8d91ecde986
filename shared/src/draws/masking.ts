/**
 * How an entry is shown on the public record (issue 15): e-mails as `j***@e***.com`, names as
 * initials. The rule is chosen per draw.
 * - `standard`: e-mail addresses masked, other text as initials, numbers of up to 3 digits kept,
 *   longer numbers (phones, postcodes) left out.
 * - `initialsPostcode`: as standard, and a 4-digit postcode is kept (the SA winners list).
 * - `hidden`: nothing of the entry is shown, only its index.
 */
export const MASK_RULES = ['standard', 'initialsPostcode', 'hidden'] as const;
export type MaskRule = (typeof MASK_RULES)[number];

const EMAIL = /^([^@\s]+)@([^@\s]+)$/;

export function maskEmail(value: string): string {
  const match = EMAIL.exec(value.trim());
  if (!match) return maskText(value);
  const [, local, domain] = match as unknown as [string, string, string];
  const dot = domain.indexOf('.');
  const first = dot < 0 ? domain : domain.slice(0, dot);
  const rest = dot < 0 ? '' : domain.slice(dot);
  return `${local[0]}***@${first[0]}***${rest}`;
}

/** Initials of the words: `Jo Smith` → `J. S.`. */
export function maskText(value: string): string {
  const words = value.trim().split(/\s+/).filter(Boolean);
  return words.map((w) => `${Array.from(w)[0]!.toUpperCase()}.`).join(' ');
}

export function maskField(value: string, rule: MaskRule): string {
  const v = value.trim();
  if (rule === 'hidden' || v === '') return '';
  if (EMAIL.test(v)) return maskEmail(v);
  if (rule === 'initialsPostcode' && /^\d{4}$/.test(v)) return v;
  // Numbers: short ones (a ticket or store number) are shown; phone numbers and the like are not.
  if (/^[+\d][\d\s-]*$/.test(v)) return /^\d{1,3}$/.test(v) ? v : '';
  return maskText(v);
}

/** A whole entry (its fields) as the public sees it: masked fields joined by commas, empty ones left out. */
export function maskEntry(fields: readonly string[], rule: MaskRule): string {
  if (rule === 'hidden') return '';
  return fields
    .map((f) => maskField(f, rule))
    .filter((f) => f !== '')
    .join(', ');
}
