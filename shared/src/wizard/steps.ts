/**
 * Permit application wizard structure (001 §2 "Permit application wizard"; 000 §2 route values).
 */
import { isOnlyState, isStateSelected, type AusStatesInput } from '../states'

export const SECTION_KEYS = [
  'details',
  'applicant',
  'contact',
  'entry',
  'finaldraw',
  'unclaimeddraw',
  'notification',
  'categories',
  'breakdown',
  'attachments',
  'comments',
  'questions',
] as const
export type SectionKey = (typeof SECTION_KEYS)[number]

/** 001 §2 section names. */
export const SECTION_NAMES: Record<SectionKey, string> = {
  details: 'Promo details',
  applicant: 'Applicant',
  contact: 'Contact person',
  entry: 'Entry method',
  finaldraw: 'Final prize draw',
  unclaimeddraw: 'Unclaimed prize draw',
  notification: 'Winner notification',
  categories: 'Prize categories',
  breakdown: 'Prize details',
  attachments: 'Attachments',
  comments: 'Comments',
  questions: 'Questions',
}

export type StepKey = 'general' | 'applicant' | 'entryDraw' | 'prizes' | 'attachments' | 'comments'

export interface WizardStep {
  key: StepKey
  name: string
  /** Route key (`/permit/edit/{id}/{routeKey}/`) and the `section-{key}` id. */
  routeKey: 'details' | 'peopleroles' | 'entrymethodswinners' | 'prizes' | 'attachments' | 'comments'
  /** Analytics group (000 §2). */
  analyticsGroup: string
  sections: readonly SectionKey[]
}

/** The six steps, in order (001 §2). */
export const WIZARD_STEPS: readonly WizardStep[] = [
  { key: 'general', name: 'General', routeKey: 'details', analyticsGroup: 'general', sections: ['details'] },
  { key: 'applicant', name: 'Applicant', routeKey: 'peopleroles', analyticsGroup: 'applicant', sections: ['applicant', 'contact'] },
  {
    key: 'entryDraw',
    name: 'Entry/draw',
    routeKey: 'entrymethodswinners',
    analyticsGroup: 'entry-and-draw',
    sections: ['entry', 'finaldraw', 'unclaimeddraw', 'notification'],
  },
  { key: 'prizes', name: 'Prizes', routeKey: 'prizes', analyticsGroup: 'prizes', sections: ['categories', 'breakdown'] },
  { key: 'attachments', name: 'Attachments', routeKey: 'attachments', analyticsGroup: 'attachments', sections: ['attachments'] },
  { key: 'comments', name: 'Comments', routeKey: 'comments', analyticsGroup: 'comments', sections: ['comments', 'questions'] },
]

/** 000 §2: permit edit route values, each mapped to its step. */
export const ROUTE_SECTION_TO_STEP: Record<string, StepKey> = {
  details: 'general',
  peopleroles: 'applicant',
  contact: 'applicant',
  entrymethodswinners: 'entryDraw',
  entry: 'entryDraw',
  draw: 'entryDraw',
  finaldraw: 'entryDraw',
  unclaimeddraw: 'entryDraw',
  notification: 'entryDraw',
  prizes: 'prizes',
  breakdown: 'prizes',
  categories: 'prizes',
  attachments: 'attachments',
  addendum: 'attachments',
  comments: 'comments',
}

export interface WizardContext {
  managedSubmission?: boolean | null
  skillsBasedTC?: boolean | null
  termsAndConditions?: boolean | null
  ausStates?: AusStatesInput | null
}

/**
 * The steps for a promotion (001 §2): not managed → no attachments step; skill promotions drop
 * from index 4 (no attachments, no comments). The Applicant step is named Promoter for skill.
 */
export function getWizardSteps(context: WizardContext): WizardStep[] {
  let steps = [...WIZARD_STEPS]
  if (context.skillsBasedTC) steps = steps.slice(0, 4)
  if (context.managedSubmission === false) steps = steps.filter((s) => s.key !== 'attachments')
  return steps.map((step) => (context.skillsBasedTC && step.key === 'applicant' ? { ...step, name: 'Promoter' } : step))
}

/** Sections hidden for skill promotions (no draw in a game of skill): our reading of "some sections". */
export const SECTIONS_HIDDEN_FOR_SKILL: readonly SectionKey[] = ['finaldraw', 'unclaimeddraw']

/**
 * 001 §2 visibility: entry is hidden for ACT-only; categories are shown only for NSW, T&Cs or
 * skill; some sections are hidden for skill promotions.
 */
export function isSectionVisible(section: SectionKey, context: WizardContext): boolean {
  if (section === 'entry' && isOnlyState(context.ausStates, 'act')) return false
  if (section === 'categories') {
    return isStateSelected(context.ausStates, 'nsw') || context.termsAndConditions === true || context.skillsBasedTC === true
  }
  if (context.skillsBasedTC && SECTIONS_HIDDEN_FOR_SKILL.includes(section)) return false
  return true
}

/** The visible sections of a step. */
export function getVisibleSections(step: WizardStep, context: WizardContext): SectionKey[] {
  return step.sections.filter((section) => isSectionVisible(section, context))
}

/** The step a route value (001 §2 `/permit/edit/{id}/{section}/`) belongs to, if any. */
export function findStepByRoute(routeSection: string | null | undefined, context: WizardContext): WizardStep | undefined {
  const steps = getWizardSteps(context)
  if (!routeSection) return steps[0]
  const key = ROUTE_SECTION_TO_STEP[routeSection.toLowerCase()]
  return steps.find((s) => s.key === key)
}

/** 001 §2 section element id, e.g. `section-details`. */
export function sectionElementId(routeKey: string): string {
  return `section-${routeKey}`
}
