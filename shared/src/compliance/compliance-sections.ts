/**
 * The compliance panel's sections (issue 17): each relevant note's text under its own title.
 * Rules that share a title (RB, RF and RH are all "General requirements") make one section,
 * and a title with no text under it is not shown.
 */
import { COMPLIANCE_NOTE_RULES } from './compliance-notes'

export type ComplianceNoteText = { id: number; categorySlug: string; text: string }
export type ComplianceSection<N extends ComplianceNoteText = ComplianceNoteText> = { topic: string; codes: string[]; notes: N[] }

export function complianceSections<N extends ComplianceNoteText>(relevantCodes: readonly string[], notes: readonly N[]): ComplianceSection<N>[] {
  const sections = new Map<string, ComplianceSection<N>>()
  for (const rule of COMPLIANCE_NOTE_RULES) {
    if (!relevantCodes.includes(rule.code)) continue
    const texts = notes.filter((note) => note.categorySlug === rule.code && note.text.trim() !== '')
    if (!texts.length) continue
    const section = sections.get(rule.topic) ?? { topic: rule.topic, codes: [], notes: [] }
    section.codes.push(rule.code)
    section.notes.push(...texts)
    sections.set(rule.topic, section)
  }
  return [...sections.values()]
}
