/**
 * Create/modify promotion schemas (001 §2 "Create/modify promotion form", §5) and per-state
 * prize values. Wire names per DESIGN.md §4; money in integer cents.
 */
import { z } from 'zod'
import { IsoDateSchema } from '../dates/date-schemas'
import { MONEY_WIRE_META } from '../money'
import { MoneySchema } from '../money-schema'
import {
  MSG_COMPLETE_ALL_FORM_FIELDS,
  MSG_COMPLETE_ALL_QUESTIONS,
  MSG_PRIZE_QUANTITY_POSITIVE,
  MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL,
  MSG_STATE_PRIZE_VALUE_POSITIVE,
  MSG_TOTAL_PRIZE_VALUE_REQUIRED,
} from '../messages'
import { normalizeQuizAnswers, unansweredQuizQuestions } from '../permits/requirements'
import { AusStatesSchema } from '../states-schema'
import { hasAnyState, isStateSelected, normalizeAusStates, STATE_CODES, STATE_KEYS, type AusStatesInput, type StateKey } from '../states'

/** A record id: positive integer or non-empty string (the API decides which). */
// Ids are PostgreSQL integers: a larger number is no record (and must not reach the database).
export const IdSchema = z.union([z.number().int().positive().max(2_147_483_647), z.string().max(100, { abort: true }).trim().min(1)])
export type Id = z.infer<typeof IdSchema>

/** Total prize value: dollars on the wire (at most two decimals), cents after parsing; must be more than 0 (001 §5). */
export const TotalPrizeValueSchema = z
  .number({ error: MSG_TOTAL_PRIZE_VALUE_REQUIRED })
  .refine((dollars) => dollars > 0, { error: MSG_TOTAL_PRIZE_VALUE_REQUIRED, abort: true })
  .pipe(MoneySchema)
  .meta(MONEY_WIRE_META)

const quizAnswer = z.boolean().nullish()

/** Service and quiz fields shared by create and modify. */
const promotionFields = {
  name: z
    .string({ error: MSG_COMPLETE_ALL_FORM_FIELDS })
    .max(10_000, { error: MSG_COMPLETE_ALL_FORM_FIELDS, abort: true })
    .trim()
    .min(1, { error: MSG_COMPLETE_ALL_FORM_FIELDS }),
  ausStates: AusStatesSchema.refine((states) => hasAnyState(states), { error: MSG_COMPLETE_ALL_FORM_FIELDS }),
  includeNz: z.boolean().default(false),
  totalPrizeValue: TotalPrizeValueSchema,
  startDate: IsoDateSchema.nullish(),
  // permit quiz (001 §5 permit requirement rules)
  hasNswAuthority: quizAnswer,
  hasInstantWinPrizes: quizAnswer,
  winnersDrawnElectronically: quizAnswer,
  randomDrawMachineApproved: quizAnswer,
  usingRandomDrawsDotCom: z.boolean().nullish(),
  // services (001 §1; DESIGN.md §4 names)
  managedSubmission: z.boolean().default(true),
  randomDraw: z.boolean().default(false),
  termsAndConditions: z.boolean().default(false),
  abridgedTC: z.boolean().default(false),
  hostedTC: z.boolean().default(false),
  skillsBasedTC: z.boolean().default(false),
  /** Winner publication (001 §1); kept only where it is offered: with the random draw, in ACT or SA (decision record 020). */
  winnerPublication: z.boolean().default(false),
}

function checkQuiz(value: Parameters<typeof unansweredQuizQuestions>[0], ctx: z.RefinementCtx): void {
  for (const question of unansweredQuizQuestions(value)) {
    ctx.addIssue({ code: 'custom', path: [question], message: MSG_COMPLETE_ALL_QUESTIONS })
  }
}

function normalize<T extends { ausStates: AusStatesInput }>(value: T): T {
  return normalizeQuizAnswers({ ...value, ausStates: normalizeAusStates(value.ausStates) })
}

/**
 * POST /api/promotion/create (001 §2, §5): name, at least one state and a total prize value
 * ("Please complete all of the above form fields.", "Your promotion must have a total prize
 * value."), and every visible quiz question answered ("Please complete all questions.").
 * Output: states normalised (national = all eight) and the machine-approved flag reset when
 * winners are not drawn electronically.
 */
export const PromotionCreateSchema = z.object(promotionFields).superRefine(checkQuiz).transform(normalize)
export type PromotionCreate = z.infer<typeof PromotionCreateSchema>

/** POST /api/promotion/modify (001 §2): the create form plus the promotion id. */
export const PromotionModifySchema = z
  .object({ id: IdSchema, ...promotionFields })
  .superRefine(checkQuiz)
  .transform(normalize)
export type PromotionModify = z.infer<typeof PromotionModifySchema>

/**
 * The skills-based modify form (001 §2): the same without the permit quiz; sets the
 * skills-based terms flag.
 */
export const PromotionModifySkillsBasedSchema = z
  .object({
    id: IdSchema,
    name: promotionFields.name,
    ausStates: promotionFields.ausStates,
    includeNz: promotionFields.includeNz,
    totalPrizeValue: promotionFields.totalPrizeValue,
    startDate: promotionFields.startDate,
    abridgedTC: promotionFields.abridgedTC,
    hostedTC: promotionFields.hostedTC,
  })
  .transform((value) => ({
    ...value,
    ausStates: normalizeAusStates(value.ausStates),
    skillsBasedTC: true as const,
  }))
export type PromotionModifySkillsBased = z.infer<typeof PromotionModifySkillsBasedSchema>

// --- per-state prize values -----------------------------------------------------------

/** Per-state prize value field names (prizeValueACT, prizeValueNSW, …). */
export type PrizeValueField = `prizeValue${Uppercase<StateKey>}`
export const PRIZE_VALUE_FIELDS = Object.fromEntries(STATE_KEYS.map((key) => [key, `prizeValue${STATE_CODES[key]}`])) as Record<StateKey, PrizeValueField>

export type PerStatePrizeValues = Partial<Record<PrizeValueField, number | null>>

/**
 * 001 §5: each per-state prize value (for the selected states) must be above 0 and not above the
 * total. Returns issues as `{ path, message }`.
 */
export function perStatePrizeValueIssues(
  input: {
    ausStates?: AusStatesInput | null
    totalPrizeValue?: number | null
  } & PerStatePrizeValues,
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = []
  const total = input.totalPrizeValue ?? 0
  for (const key of STATE_KEYS) {
    if (!isStateSelected(input.ausStates, key)) continue
    const field = PRIZE_VALUE_FIELDS[key]
    const value = input[field]
    if (value == null || !(value > 0)) issues.push({ path: [field], message: MSG_STATE_PRIZE_VALUE_POSITIVE })
    else if (value > total) issues.push({ path: [field], message: MSG_STATE_PRIZE_VALUE_ABOVE_TOTAL })
  }
  return issues
}

const stateValue = MoneySchema.nullish()

/** 001 §5: per-state prize values with the total and states they are checked against. */
export const PerStatePrizeValuesSchema = z
  .object({
    ausStates: AusStatesSchema,
    totalPrizeValue: TotalPrizeValueSchema,
    prizeValueACT: stateValue,
    prizeValueNSW: stateValue,
    prizeValueSA: stateValue,
    prizeValueVIC: stateValue,
    prizeValueQLD: stateValue,
    prizeValueTAS: stateValue,
    prizeValueWA: stateValue,
    prizeValueNT: stateValue,
  })
  .superRefine((value, ctx) => {
    for (const issue of perStatePrizeValueIssues(value)) ctx.addIssue({ code: 'custom', ...issue })
  })
export type PerStatePrizeValuesInput = z.infer<typeof PerStatePrizeValuesSchema>

/** 001 §5: prize quantity above 0. */
export const PrizeQuantitySchema = z
  .number({ error: MSG_PRIZE_QUANTITY_POSITIVE })
  .int({ error: MSG_PRIZE_QUANTITY_POSITIVE })
  .gt(0, { error: MSG_PRIZE_QUANTITY_POSITIVE })
