/**
 * The text check every T&C version passes before it is saved (issue 28): a document published
 * under the promoter's name must not carry doubled punctuation or spaces, an unfilled
 * placeholder, a clause without text or a list that stops before its last item. Generation is
 * clean by construction (typed values, {@link fillPlaceholders} joins without doubling); this is
 * the net under it, for library wording, customer answers and staff edits alike.
 */
import type { AusStatesInput } from '../states'
import type { TermsDocument } from './generate'
import { requiredStateStatements, stateCodeOf, termsStateRules, type TermsStateRules } from './state-requirements'
import { MSG_TERMS_TEXT_DEFECT, TERMS_TEXT_DEFECT_NAMES, type TermsTextDefectKind } from './messages'

export type TermsTextDefect = { kind: TermsTextDefectKind; clause: string; excerpt: string }

type Rule = { kind: TermsTextDefectKind; pattern: RegExp }

/** In the order they are reported. Times ("9:00"), URLs ("https://") and amounts ("$1,500.50") pass. */
const LINE_RULES: Rule[] = [
  { kind: 'unfilled-placeholder', pattern: /\{[A-Za-z0-9_.]*\}|\{\{|\}\}/ },
  // Two marks in a row ("each.. Number", "Sydney,, NSW", "prize.;"), spaces between them or not;
  // a real ellipsis is the one character "…".
  { kind: 'doubled-punctuation', pattern: /[.,;:!?]\s*[.,;:]|[,;:]\s*[!?]/ },
  { kind: 'space-before-punctuation', pattern: /\s[.,;:!?](?=\s|$)/ },
  { kind: 'doubled-space', pattern: /\S(?: {2,}|\t)\S/ },
  // "Entry methods: ." "… SMS, and." "Prizes:" at the end: a list whose items did not arrive.
  { kind: 'dangling-list', pattern: /(?::|,|\band|\bor)\s*[.;]?\s*$|:\s*[.;]/ },
]

/** About 20 characters either side of a defect, cut at word boundaries. */
function excerptAt(text: string, index: number): string {
  let start = Math.max(0, index - 20)
  let end = Math.min(text.length, index + 20)
  if (start > 0) {
    const space = text.indexOf(' ', start)
    if (space >= 0 && space < index) start = space + 1
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > index + 1) end = space
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}

/** The defects of one paragraph (or heading) of a clause. */
export function checkTermsLine(text: string, clause: string): TermsTextDefect[] {
  const found: TermsTextDefect[] = []
  if (!text.trim() || !/[\p{L}\p{N}]/u.test(text)) return [{ kind: 'empty-clause', clause, excerpt: text.trim() }]
  for (const rule of LINE_RULES) {
    const match = rule.pattern.exec(text)
    if (match) found.push({ kind: rule.kind, clause, excerpt: excerptAt(text, match.index) })
  }
  return found
}

/**
 * Every defect of a generated document, clause by clause; for full terms of chance also each
 * statement a chosen state requires whose clause is missing (the library lacks it).
 */
export function checkTermsDocument(doc: TermsDocument, facts: { ausStates?: AusStatesInput | null; stateRules?: TermsStateRules } = {}): TermsTextDefect[] {
  const defects: TermsTextDefect[] = [...checkTermsLine(doc.title, doc.title).filter((d) => d.kind !== 'dangling-list')]
  for (const section of doc.sections) {
    if (!section.paragraphs.length) defects.push({ kind: 'empty-clause', clause: section.title, excerpt: '' })
    for (const p of section.paragraphs) defects.push(...checkTermsLine(p, section.title || section.key))
  }
  if (doc.kind === 'chance') {
    const present = new Set(doc.sections.map((s) => s.key))
    for (const required of requiredStateStatements(facts.ausStates, facts.stateRules ?? termsStateRules())) {
      if (!present.has(required.clause))
        defects.push({ kind: 'missing-state-statement', clause: required.clause, excerpt: `${stateCodeOf(required.state)}: ${required.what}` })
    }
  }
  return defects
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }
const decode = (text: string) => text.replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]!)

/**
 * Every defect of a version's HTML (a staff edit, or a version with permit numbers put in):
 * headings start clauses, each paragraph and list item is checked, and a heading with no text
 * under it before the next heading is an empty clause.
 */
export function checkTermsHtml(html: string): TermsTextDefect[] {
  const defects: TermsTextDefect[] = []
  let clause = ''
  let textSinceHeading = true
  const blocks = html.matchAll(/<(h[1-3]|p|li)\b[^>]*>((?:(?!<\/?(?:h[1-3]|p|li)\b)[\s\S])*)/gi)
  for (const block of blocks) {
    const tag = block[1]!.toLowerCase()
    const text = decode(block[2]!.replace(/<[^>]*>/g, ''))
      .replace(/\s*\n\s*/g, ' ')
      .trim()
    if (tag === 'li' && !text) continue // a list item that only wraps a clause's heading and paragraphs
    if (tag.startsWith('h')) {
      if (!textSinceHeading) defects.push({ kind: 'empty-clause', clause, excerpt: '' })
      clause = text
      textSinceHeading = tag === 'h1'
      defects.push(...checkTermsLine(text, clause).filter((d) => d.kind !== 'dangling-list'))
      continue
    }
    textSinceHeading = true
    defects.push(...checkTermsLine(text, clause))
  }
  if (!textSinceHeading) defects.push({ kind: 'empty-clause', clause, excerpt: '' })
  return defects
}

/** The message that refuses a version: the first defect, named with its clause and where it is. */
export function termsTextDefectMessage(defects: readonly TermsTextDefect[]): string | null {
  const first = defects[0]
  if (!first) return null
  return MSG_TERMS_TEXT_DEFECT(first.clause, TERMS_TEXT_DEFECT_NAMES[first.kind], first.excerpt)
}
