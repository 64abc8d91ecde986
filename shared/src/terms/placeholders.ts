/**
 * The placeholders a T&C clause may use (`{promoter.name}` …). The CMS refuses a clause with any
 * other placeholder on save, and generation fills exactly these from the application.
 */
export const TERMS_PLACEHOLDERS = {
  'promoter.name': 'The promoter (applicant organisation)',
  'promoter.abn': 'The promoter’s ABN or ACN (the number, grouped as written: 51 824 753 556)',
  'promoter.identifier': 'The promoter’s ABN or ACN with its label: ABN 51 824 753 556',
  'promoter.address': 'The promoter’s business address',
  'promoter.website': 'The promoter’s website',
  'promotion.name': 'The promotion’s name',
  'promotion.startDate': 'Start date',
  'promotion.endDate': 'End date',
  'promotion.period': 'The promotional period with start and end times in Australian time zones',
  'promotion.states': 'Where the promotion is open (states and territories)',
  'promotion.promotedProducts': 'The promoted products or services',
  'entry.methods': 'The entry methods',
  'entry.mechanic': 'How to enter (the entry mechanic)',
  'entry.website': 'The entry website',
  'entry.phoneNumbers': 'Entry phone or SMS numbers',
  'entry.limit': 'Entry limit per person',
  'draw.when': 'When and where the winners are drawn, as a sentence (empty when the winners are not drawn: instant wins only)',
  'draw.date': 'Final draw date',
  'draw.time': 'Final draw time',
  'draw.address': 'Final draw address',
  'draw.method': 'The draw method',
  'draw.scrutineer': 'Who conducts the draw, as the end of “The draw is conducted …”',
  'draw.conductor': 'Who conducts the draw (the provider’s draw service, the promoter) and any scrutineer, as a sentence',
  'notification.method': 'How winners are notified',
  'notification.date': 'Date winners are notified by',
  'notification.sentence': 'How (and by when, where the application says) winners are notified, as a sentence',
  'unclaimed.date': 'Unclaimed prize draw date',
  'unclaimed.time': 'Unclaimed prize draw time',
  'unclaimed.address': 'Unclaimed prize draw address',
  'unclaimed.conductor': 'Who conducts the unclaimed prize draw (and any scrutineer), as a sentence',
  'prizes.description': 'The prizes',
  'prizes.quantity': 'Number of prizes',
  'prizes.totalValue': 'Total prize pool',
  'prizes.valuesByState': 'Prize pool per state',
  'prizes.categories': 'Prize categories',
  'publication.act': 'ACT publication of winners (where)',
  'publication.actDate': 'ACT publication date',
  'publication.online': 'Where winners are published online (the entry website, else the promoter’s)',
  'permits.numbers': 'Permit numbers as each state writes them',
  'judging.criteria': 'Judging criteria (skill)',
  'judging.judges': 'Judges (skill)',
  'inducements.detail': 'Inducements offered',
  'hosted.url': 'Link to the full terms',
  'privacy.sharing': 'Who else receives entries (the draw service when bought), as a sentence; empty otherwise',
  'rules.actPublishFrom': 'ACT: winners of prizes of this value or more are published ($1,000)',
  'rules.vicPublishAbove': 'VIC: winners of prizes over this value are published ($1,000)',
  'rules.saNotifyWithinDays': 'SA: days after the draw within which winners are notified in writing',
  'rules.saPublishWithinDays': 'SA: days after the draw within which winners are published',
  'rules.publishWithinDays': 'Days after the draw within which winners are published (QLD, VIC)',
  'records.years': 'Years the promoter keeps the promotion’s records',
} as const

export type TermsPlaceholder = keyof typeof TERMS_PLACEHOLDERS
export const TERMS_PLACEHOLDER_KEYS = Object.keys(TERMS_PLACEHOLDERS) as TermsPlaceholder[]

const PLACEHOLDER_PATTERN = /\{([a-zA-Z0-9_.]+)\}/g

/** Every placeholder name used in a text, in order of appearance (duplicates kept once). */
export function findPlaceholders(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) found.add(match[1]!)
  return [...found]
}

export function isTermsPlaceholder(name: string): name is TermsPlaceholder {
  return Object.hasOwn(TERMS_PLACEHOLDERS, name)
}

/** The placeholders of a text that are not in the list (the CMS refuses the clause when any). */
export function unknownPlaceholders(text: string): string[] {
  return findPlaceholders(text).filter((name) => !isTermsPlaceholder(name))
}

/**
 * A value as it goes into a sentence: spaces collapsed, a run of marks made its first ("..."
 * becomes "…"), trimmed. Customer answers are typed freely; the document must not show it.
 */
export function cleanPlaceholderValue(value: string): string {
  // Marks alone ("!", "-") are no answer.
  if (!/[\p{L}\p{N}]/u.test(value)) return ''
  return (
    value
      .replace(/\s+/g, ' ')
      .replace(/\.{3,}/g, '…')
      .replace(/\s+([.,;:!?])/g, '$1')
      .replace(/([.,;:!?])[.,;:!?]+/g, '$1')
      .trim()
      // A value is never a list's separator: marks it starts or ends with would double the template's.
      .replace(/^[.,;:!?…]+\s*/, '')
      .replace(/\s*[,;:]+$/, '')
  )
}

/**
 * Replaces each known placeholder with its cleaned value; unknown ones are left as written.
 * Joined without doubling: a value that ends a sentence itself ("… each.") takes the place of the
 * template's full stop, and a value's full stop gives way to the template's comma or semicolon.
 */
export function fillPlaceholders(text: string, values: Partial<Record<TermsPlaceholder, string>>): string {
  let out = ''
  let at = 0
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1]!
    out += text.slice(at, match.index)
    at = match.index! + match[0].length
    if (!isTermsPlaceholder(name)) {
      out += match[0]
      continue
    }
    let value = cleanPlaceholderValue(values[name] ?? '')
    const next = text[at]
    if (next === '.' && /[.!?…]$/.test(value)) at += 1
    else if ((next === ',' || next === ';' || next === ':') && /\.$/.test(value)) value = value.slice(0, -1)
    out += value
  }
  return out + text.slice(at)
}
