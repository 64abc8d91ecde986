/**
 * The placeholders a T&C clause may use (`{promoter.name}` …). The CMS refuses a clause with any
 * other placeholder on save, and generation fills exactly these from the application.
 */
export const TERMS_PLACEHOLDERS = {
  'promoter.name': 'The promoter (applicant organisation)',
  'promoter.abn': 'The promoter’s ABN or ACN',
  'promoter.address': 'The promoter’s business address',
  'promoter.website': 'The promoter’s website',
  'promotion.name': 'The promotion’s name',
  'promotion.startDate': 'Start date in words',
  'promotion.endDate': 'End date in words',
  'promotion.period': 'The promotional period with start and end times in Australian time zones',
  'promotion.states': 'Where the promotion is open (states and territories)',
  'promotion.promotedProducts': 'The promoted products or services',
  'entry.methods': 'The entry methods',
  'entry.mechanic': 'How to enter (the entry mechanic)',
  'entry.website': 'The entry website',
  'entry.phoneNumbers': 'Entry phone or SMS numbers',
  'entry.limit': 'Entry limit per person',
  'draw.date': 'Final draw date in words',
  'draw.time': 'Final draw time',
  'draw.address': 'Final draw address',
  'draw.method': 'The draw method',
  'draw.scrutineer': 'Who supervises the draw',
  'notification.method': 'How winners are notified',
  'notification.date': 'Date winners are notified by',
  'unclaimed.date': 'Unclaimed prize draw date in words',
  'unclaimed.time': 'Unclaimed prize draw time',
  'unclaimed.address': 'Unclaimed prize draw address',
  'prizes.description': 'The prizes',
  'prizes.quantity': 'Number of prizes',
  'prizes.totalValue': 'Total prize pool',
  'prizes.valuesByState': 'Prize pool per state',
  'prizes.categories': 'Prize categories',
  'publication.act': 'ACT publication of winners (where)',
  'publication.actDate': 'ACT publication date in words',
  'permits.numbers': 'Permit numbers as each state writes them',
  'judging.criteria': 'Judging criteria (skill)',
  'judging.judges': 'Judges (skill)',
  'inducements.detail': 'Inducements offered',
  'hosted.url': 'Link to the full terms',
} as const;

export type TermsPlaceholder = keyof typeof TERMS_PLACEHOLDERS;
export const TERMS_PLACEHOLDER_KEYS = Object.keys(TERMS_PLACEHOLDERS) as TermsPlaceholder[];

const PLACEHOLDER_PATTERN = /\{([a-zA-Z0-9_.]+)\}/g;

/** Every placeholder name used in a text, in order of appearance (duplicates kept once). */
export function findPlaceholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) found.add(match[1]!);
  return [...found];
}

export function isTermsPlaceholder(name: string): name is TermsPlaceholder {
  return Object.hasOwn(TERMS_PLACEHOLDERS, name);
}

/** The placeholders of a text that are not in the list (the CMS refuses the clause when any). */
export function unknownPlaceholders(text: string): string[] {
  return findPlaceholders(text).filter((name) => !isTermsPlaceholder(name));
}

/** Replaces each known placeholder with its value; unknown ones are left as written. */
export function fillPlaceholders(text: string, values: Partial<Record<TermsPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (isTermsPlaceholder(name) ? (values[name] ?? '') : whole));
}
