/**
 * Compliance notes TA–TO (terms requirements) and RA–RH, with their display rules (001 §3
 * "Compliance notes"). The note texts are content (CMS / staff), not given by the spec.
 */
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, hasAnyFlag, hasFlag, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { isStateSelected, type AusStatesInput } from '../states'

export interface ComplianceNoteInput {
  ausStates?: AusStatesInput | null
  prizeCategoriesValue?: number | null
  prize251OrMore?: boolean | null
  prize501OrMore?: boolean | null
  prize1001OrMore?: boolean | null
  inducementsOffered?: boolean | null
  entryMethodsValue?: number | null
  drawMethodsValue?: number | null
  requiresPermits?: boolean | null
  /** A scrutineer is required (scrutineer question answered yes). */
  scrutineerRequired?: boolean | null
  isComputerDraw?: boolean | null
}

export interface ComplianceNoteRule {
  code: string
  /** What the note is about (the spec's description of the rule). */
  topic: string
  shown: (p: ComplianceNoteInput) => boolean
}

const category = (key: keyof typeof PRIZE_CATEGORY_FLAGS) => (p: ComplianceNoteInput) => hasFlag(p.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, key)
const entry =
  (...keys: (keyof typeof ENTRY_METHOD_FLAGS)[]) =>
  (p: ComplianceNoteInput) =>
    hasAnyFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, keys)
const draw =
  (...keys: (keyof typeof DRAW_METHOD_FLAGS)[]) =>
  (p: ComplianceNoteInput) =>
    hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, keys)

/** 001 §3: the display rules, in code order. */
export const COMPLIANCE_NOTE_RULES: readonly ComplianceNoteRule[] = [
  { code: 'TA', topic: 'Motor vehicle prize', shown: category('motorVehicle') },
  { code: 'TB', topic: 'Travel prize', shown: category('travel') },
  { code: 'TC', topic: 'Real estate prize', shown: category('realEstate') },
  { code: 'TD', topic: 'Liquor prize', shown: category('liquor') },
  { code: 'TE', topic: 'Money prize', shown: category('money') },
  { code: 'TF', topic: 'Electrical prize', shown: category('electrical') },
  { code: 'TG', topic: 'Event prize', shown: category('event') },
  { code: 'TH', topic: 'Prize of $251 or more', shown: (p) => p.prize251OrMore === true || p.prize501OrMore === true || p.prize1001OrMore === true },
  { code: 'TI', topic: 'Inducements offered', shown: (p) => p.inducementsOffered === true },
  { code: 'TJ', topic: 'Entry by 1900 number or SMS', shown: entry('phone1900', 'sms') },
  { code: 'TK', topic: 'Entry by internet', shown: entry('internet') },
  { code: 'TL', topic: 'Entry by mail', shown: entry('mail') },
  { code: 'TM', topic: 'Gaming entry', shown: entry('gaming') },
  { code: 'TN', topic: 'Predetermined draw', shown: draw('predetermined') },
  { code: 'TO', topic: 'Instant win draw', shown: draw('instantElectronic', 'instantNonElectronic') },
  { code: 'RA', topic: 'Permits required', shown: (p) => p.requiresPermits === true },
  { code: 'RB', topic: 'General requirements', shown: () => true },
  { code: 'RC', topic: 'NSW scrutineer', shown: (p) => isStateSelected(p.ausStates, 'nsw') && p.scrutineerRequired === true },
  { code: 'RD', topic: 'Not shown', shown: () => false },
  { code: 'RE', topic: 'Not shown', shown: () => false },
  { code: 'RF', topic: 'General requirements', shown: () => true },
  { code: 'RG', topic: 'Computer draw', shown: (p) => p.isComputerDraw === true },
  { code: 'RH', topic: 'General requirements', shown: () => true },
]

export const COMPLIANCE_NOTE_CODES = COMPLIANCE_NOTE_RULES.map((r) => r.code)

/** Whether a note is shown for the promotion. */
export function isComplianceNoteShown(code: string, input: ComplianceNoteInput): boolean {
  return COMPLIANCE_NOTE_RULES.find((r) => r.code === code)?.shown(input) ?? false
}

/** The codes of the notes shown for the promotion (001 §3 complianceNotesRelevant). */
export function getRelevantComplianceNotes(input: ComplianceNoteInput): string[] {
  return COMPLIANCE_NOTE_RULES.filter((r) => r.shown(input)).map((r) => r.code)
}
