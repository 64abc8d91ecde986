/**
 * The clause library's data model (CMS collection `terms-clauses`): each clause has a key, an
 * order, a title, paragraphs with placeholders, the T&C kinds it belongs to and structured
 * conditions (data, not code). A clause is in a document when every condition group it sets
 * matches (within a group, any listed value matches).
 */
import { z } from 'zod'
import { DRAW_METHODS, DRAW_METHOD_FLAGS, ENTRY_METHODS, ENTRY_METHOD_FLAGS, hasAnyFlag, PRIZE_CATEGORIES, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { PRIZE_TIERS_CENTS, PRIZE_TIERS_DOLLARS } from '../constants'
import { isStateSelected, STATE_KEYS, type AusStatesInput } from '../states'

export const TERMS_CLAUSE_KINDS = ['chance', 'skill', 'abridged'] as const
export type TermsClauseKind = (typeof TERMS_CLAUSE_KINDS)[number]

/** yes / no / any, for the boolean answers of the application. */
export const TRISTATE = ['any', 'yes', 'no'] as const
export type Tristate = (typeof TRISTATE)[number]

export const TermsClauseConditionsSchema = z.object({
  /** Any of these states selected. */
  states: z.array(z.enum(STATE_KEYS)).default([]),
  prizeCategories: z.array(z.enum(PRIZE_CATEGORIES)).default([]),
  entryMethods: z.array(z.enum(ENTRY_METHODS)).default([]),
  drawMethods: z.array(z.enum(DRAW_METHODS)).default([]),
  /** The most valuable prize is at least this tier (251, 501 or 1001 dollars). */
  prizeTier: z.union(PRIZE_TIERS_DOLLARS.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<251>, z.ZodLiteral<501>, z.ZodLiteral<1001>]).nullish(),
  inducements: z.enum(TRISTATE).default('any'),
  under18s: z.enum(TRISTATE).default('any'),
  managedSubmission: z.enum(TRISTATE).default('any'),
})
export type TermsClauseConditions = z.infer<typeof TermsClauseConditionsSchema>
export type TermsClauseConditionsInput = z.input<typeof TermsClauseConditionsSchema>

export const TermsClauseSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+$/),
  order: z.number(),
  title: z.string().min(1),
  /** Plain text paragraphs with `{placeholders}`. */
  paragraphs: z.array(z.string()).min(1),
  kinds: z.array(z.enum(TERMS_CLAUSE_KINDS)).min(1),
  conditions: TermsClauseConditionsSchema.default(TermsClauseConditionsSchema.parse({})),
  /** The compliance note (TA–TO) this clause answers, for the staff's reference. */
  complianceNote: z.string().nullish(),
})
export type TermsClause = z.infer<typeof TermsClauseSchema>
export type TermsClauseInput = z.input<typeof TermsClauseSchema>

/** What the conditions are tested against (the promotion and its application). */
export interface TermsConditionFacts {
  ausStates?: AusStatesInput | null
  prizeCategoriesValue?: number | null
  entryMethodsValue?: number | null
  drawMethodsValue?: number | null
  /** Cents. */
  maxPrizeValue?: number | null
  inducementsOffered?: boolean | null
  under18s?: boolean | null
  managedSubmission?: boolean | null
}

function tristate(wanted: Tristate, value: boolean | null | undefined): boolean {
  if (wanted === 'any') return true
  return wanted === 'yes' ? value === true : value !== true
}

/** Whether a clause's conditions match the facts. */
export function conditionsMatch(conditions: TermsClauseConditions, facts: TermsConditionFacts): boolean {
  if (conditions.states.length && !conditions.states.some((s) => isStateSelected(facts.ausStates, s))) return false
  if (conditions.prizeCategories.length && !hasAnyFlag(facts.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, conditions.prizeCategories)) return false
  if (conditions.entryMethods.length && !hasAnyFlag(facts.entryMethodsValue, ENTRY_METHOD_FLAGS, conditions.entryMethods)) return false
  if (conditions.drawMethods.length && !hasAnyFlag(facts.drawMethodsValue, DRAW_METHOD_FLAGS, conditions.drawMethods)) return false
  if (conditions.prizeTier != null) {
    const cents = PRIZE_TIERS_CENTS[PRIZE_TIERS_DOLLARS.indexOf(conditions.prizeTier)]!
    if ((facts.maxPrizeValue ?? 0) < cents) return false
  }
  if (!tristate(conditions.inducements, facts.inducementsOffered)) return false
  if (!tristate(conditions.under18s, facts.under18s)) return false
  if (!tristate(conditions.managedSubmission, facts.managedSubmission)) return false
  return true
}

/** The clauses of one kind that apply, in library order (order, then key: deterministic). */
export function selectClauses(library: readonly TermsClause[], kind: TermsClauseKind, facts: TermsConditionFacts): TermsClause[] {
  return library
    .filter((c) => c.kinds.includes(kind) && conditionsMatch(c.conditions, facts))
    .sort((a, b) => a.order - b.order || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}
