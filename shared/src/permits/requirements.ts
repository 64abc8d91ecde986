/**
 * Which state permits a promotion needs, which notices apply and which quiz questions are shown
 * (001 §5 "Permit requirement rules"). Thresholds come from the rule set selected by start date.
 */
import { selectRuleSet, type RuleSet } from '../rules/rule-sets'
import { hasAnyState, isNational, isStateSelected, selectedStates, type AusStatesInput, type PermitStateKey, type StateKey } from '../states'

/** The answers and choices the requirement rules read (wire names, money in cents). */
export interface PermitRequirementInput {
  ausStates?: AusStatesInput | null
  includeNz?: boolean | null
  /** Total prize value in cents. */
  totalPrizeValue?: number | null
  hasNswAuthority?: boolean | null
  hasInstantWinPrizes?: boolean | null
  winnersDrawnElectronically?: boolean | null
  randomDrawMachineApproved?: boolean | null
  /** A game of skill needs no lottery permits and no permit quiz. */
  skillsBasedTC?: boolean | null
  /** Selects the rule set. */
  startDate?: string | Date | null
}

export interface StatePermitRequirement {
  selected: boolean
  required: boolean
  /** Selected, but the value is at or under the threshold (the "included but not required" warning). */
  includedButNotRequired: boolean
  /** SA only: at or under the threshold and the instant-win question is still unanswered. */
  undecided: boolean
}

export interface PermitRequirements {
  ruleSetId: string
  states: StateKey[]
  national: boolean
  includeNz: boolean
  nsw: StatePermitRequirement
  act: StatePermitRequirement
  sa: StatePermitRequirement
  /** Required permit states in the order NSW, ACT, SA. */
  requiredStates: PermitStateKey[]
  requiredCount: 0 | 1 | 2 | 3
  requiresPermits: boolean
  ntNotice: boolean
  waNotice: boolean
  /** The quiz questions to show. */
  questions: {
    /** NSW required: does the promoter hold an NSW authority? */
    nswAuthority: boolean
    /** SA selected at or under its threshold: are there instant-win prizes? */
    instantWin: boolean
    /** At least one state chosen: are winners drawn electronically? */
    electronicDraw: boolean
    /** Drawn electronically: is the random draw machine approved? */
    machineApproved: boolean
  }
  /** NSW selected and value above the NSW scrutineer threshold. */
  nswScrutineerAddendum: boolean
}

const NONE: StatePermitRequirement = { selected: false, required: false, includedButNotRequired: false, undecided: false }

/** 001 §5 permit requirement rules. */
export function getPermitRequirements(input: PermitRequirementInput, ruleSet: RuleSet = selectRuleSet(input.startDate)): PermitRequirements {
  const t = ruleSet.thresholds
  const value = input.totalPrizeValue ?? 0
  const states = selectedStates(input.ausStates)
  const skill = input.skillsBasedTC === true

  const nswSelected = isStateSelected(input.ausStates, 'nsw')
  const actSelected = isStateSelected(input.ausStates, 'act')
  const saSelected = isStateSelected(input.ausStates, 'sa')

  let nsw = NONE
  let act = NONE
  let sa = NONE
  if (!skill) {
    if (nswSelected) {
      const required = value > t.nswPermitAboveCents
      nsw = { selected: true, required, includedButNotRequired: !required, undecided: false }
    }
    if (actSelected) {
      const required = value > t.actPermitAboveCents
      act = { selected: true, required, includedButNotRequired: !required, undecided: false }
    }
    if (saSelected) {
      if (value > t.saPermitAboveCents) sa = { selected: true, required: true, includedButNotRequired: false, undecided: false }
      else if (input.hasInstantWinPrizes === true) sa = { selected: true, required: true, includedButNotRequired: false, undecided: false }
      else if (input.hasInstantWinPrizes === false) sa = { selected: true, required: false, includedButNotRequired: true, undecided: false }
      else sa = { selected: true, required: false, includedButNotRequired: false, undecided: true }
    }
  } else {
    nsw = { ...NONE, selected: nswSelected }
    act = { ...NONE, selected: actSelected }
    sa = { ...NONE, selected: saSelected }
  }

  const requiredStates = (['nsw', 'act', 'sa'] as const).filter((key) => ({ nsw, act, sa })[key].required)
  const anyRequired = requiredStates.length > 0
  const anyState = hasAnyState(input.ausStates)
  const electronicDraw = !skill && anyState

  return {
    ruleSetId: ruleSet.id,
    states,
    national: isNational(input.ausStates) || input.ausStates?.all === true,
    includeNz: input.includeNz === true,
    nsw,
    act,
    sa,
    requiredStates,
    requiredCount: requiredStates.length as 0 | 1 | 2 | 3,
    requiresPermits: anyRequired,
    ntNotice: !skill && isStateSelected(input.ausStates, 'nt') && value > t.ntNoticeAboveCents && !anyRequired,
    waNotice: isStateSelected(input.ausStates, 'wa'),
    questions: {
      nswAuthority: nsw.required,
      instantWin: !skill && saSelected && value <= t.saPermitAboveCents,
      electronicDraw,
      machineApproved: electronicDraw && input.winnersDrawnElectronically === true,
    },
    nswScrutineerAddendum: !skill && nswSelected && value > t.nswScrutineerAboveCents,
  }
}

/**
 * The quiz answers made consistent (001 §5): when winners are not drawn by machine the
 * machine-approved flag resets to false.
 */
export function normalizeQuizAnswers<T extends PermitRequirementInput>(input: T): T {
  if (input.winnersDrawnElectronically !== true && input.randomDrawMachineApproved !== false) {
    return { ...input, randomDrawMachineApproved: false }
  }
  return input
}

/** The visible quiz questions that have no answer yet (create/modify: "Please complete all questions."). */
export function unansweredQuizQuestions(input: PermitRequirementInput, requirements = getPermitRequirements(input)): string[] {
  const missing: string[] = []
  const q = requirements.questions
  if (q.nswAuthority && typeof input.hasNswAuthority !== 'boolean') missing.push('hasNswAuthority')
  if (q.instantWin && typeof input.hasInstantWinPrizes !== 'boolean') missing.push('hasInstantWinPrizes')
  if (q.electronicDraw && typeof input.winnersDrawnElectronically !== 'boolean') missing.push('winnersDrawnElectronically')
  if (q.machineApproved && typeof input.randomDrawMachineApproved !== 'boolean') missing.push('randomDrawMachineApproved')
  return missing
}
