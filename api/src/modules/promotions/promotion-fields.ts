/**
 * The mapping between the wire shape of a promotion (001 §3, DESIGN.md §4 names) and its row,
 * and the fee recomputation. Every rule comes from @permitdesk/shared.
 */
import {
  calculateFees,
  isSkillTcPaymentOption,
  normalizeAusStates,
  winnerPublicationOffered,
  type AusStates,
  type FeeInput,
  type PromotionCreate,
  type PromotionModify,
  type PromotionModifySkillsBased,
  type RuleSet,
} from '@permitdesk/shared'
import type { NewPromotionRow, PromotionRow, StoredFees } from '../../db/schema/promotions'

export type PromotionInput = PromotionCreate | Omit<PromotionModify, 'id'> | Omit<PromotionModifySkillsBased, 'id'>

/** The columns the create/modify form writes (without fees). */
export type PromotionFormColumns = Pick<
  NewPromotionRow,
  | 'name'
  | 'startDate'
  | 'totalPrizeValue'
  | 'stateAct'
  | 'stateNsw'
  | 'stateSa'
  | 'stateVic'
  | 'stateNt'
  | 'stateWa'
  | 'stateQld'
  | 'stateTas'
  | 'includeNz'
  | 'managedSubmission'
  | 'randomDraw'
  | 'termsAndConditions'
  | 'abridgedTC'
  | 'hostedTC'
  | 'skillsBasedTC'
  | 'hasNswAuthority'
  | 'hasInstantWinPrizes'
  | 'winnersDrawnElectronically'
  | 'randomDrawMachineApproved'
  | 'usingRandomDrawsDotCom'
  | 'winnerPublication'
>

export function ausStatesOfRow(
  row: Pick<PromotionRow, 'stateAct' | 'stateNsw' | 'stateSa' | 'stateVic' | 'stateNt' | 'stateWa' | 'stateQld' | 'stateTas'>,
): AusStates {
  return normalizeAusStates({
    act: row.stateAct,
    nsw: row.stateNsw,
    sa: row.stateSa,
    vic: row.stateVic,
    nt: row.stateNt,
    wa: row.stateWa,
    qld: row.stateQld,
    tas: row.stateTas,
  })
}

/** The form's columns from a parsed create/modify payload. A skill promotion has no quiz. */
export function formColumns(input: PromotionInput): PromotionFormColumns {
  const states = normalizeAusStates(input.ausStates)
  const skill = input.skillsBasedTC === true
  const quiz = 'hasNswAuthority' in input && !skill ? input : undefined
  return {
    name: input.name,
    startDate: input.startDate ?? null,
    totalPrizeValue: input.totalPrizeValue,
    stateAct: states.act,
    stateNsw: states.nsw,
    stateSa: states.sa,
    stateVic: states.vic,
    stateNt: states.nt,
    stateWa: states.wa,
    stateQld: states.qld,
    stateTas: states.tas,
    includeNz: input.includeNz,
    managedSubmission: 'managedSubmission' in input ? input.managedSubmission : true,
    randomDraw: 'randomDraw' in input && !skill ? input.randomDraw : false,
    termsAndConditions: 'termsAndConditions' in input && !skill ? input.termsAndConditions : false,
    abridgedTC: input.abridgedTC,
    hostedTC: input.hostedTC,
    skillsBasedTC: skill,
    hasNswAuthority: quiz?.hasNswAuthority ?? null,
    hasInstantWinPrizes: quiz?.hasInstantWinPrizes ?? null,
    winnersDrawnElectronically: quiz?.winnersDrawnElectronically ?? null,
    randomDrawMachineApproved: quiz?.randomDrawMachineApproved ?? null,
    usingRandomDrawsDotCom: quiz?.usingRandomDrawsDotCom ?? null,
    // Decision record 020: only where there are winners to publish (ACT, SA) and a draw (not skill).
    winnerPublication:
      'winnerPublication' in input &&
      input.winnerPublication === true &&
      winnerPublicationOffered({ ausStates: states, skillsBasedTC: skill, randomDraw: 'randomDraw' in input && input.randomDraw }),
  }
}

/** What the fee rules read besides the form: the post-submission value, the skill T&C credit option and staff-set details (forceSaPremium). */
export type PromotionFeeColumns = PromotionFormColumns & {
  postSubmissionTotalPrizeValue?: number | null
  skillsTcPaymentOption?: string | null
  details?: Record<string, unknown> | null
  applicant?: Record<string, unknown> | null
}

/** The fee rules' input from the form columns; after submission the post-submission value counts. */
export function feeInputOf(columns: PromotionFeeColumns): FeeInput {
  return {
    ausStates: ausStatesOfRow(columns as PromotionRow),
    includeNz: columns.includeNz,
    totalPrizeValue: columns.postSubmissionTotalPrizeValue ?? columns.totalPrizeValue,
    startDate: columns.startDate,
    hasNswAuthority: columns.hasNswAuthority,
    hasInstantWinPrizes: columns.hasInstantWinPrizes,
    winnersDrawnElectronically: columns.winnersDrawnElectronically,
    randomDrawMachineApproved: columns.randomDrawMachineApproved,
    managedSubmission: columns.managedSubmission,
    randomDraw: columns.randomDraw,
    termsAndConditions: columns.termsAndConditions,
    abridgedTC: columns.abridgedTC,
    hostedTC: columns.hostedTC,
    winnerPublication: columns.winnerPublication,
    skillsBasedTC: columns.skillsBasedTC,
    skillsBasedTCPaymentOption: isSkillTcPaymentOption(columns.skillsTcPaymentOption) ? columns.skillsTcPaymentOption : null,
    saPremium: columns.details?.forceSaPremium === true,
    // Issue #30: the authority term the applicant asks for prices the NSW authority.
    nswAuthorityDuration: typeof columns.applicant?.nswAuthorityDuration === 'number' ? columns.applicant.nswAuthorityDuration : null,
  }
}

/** Fees and requirement flags recomputed by the API (never trusted from the browser). */
export function computeFees(columns: PromotionFeeColumns, ruleSet?: RuleSet): { fees: StoredFees; requiresPermits: boolean } {
  // The rule set comes from rules/pricing-rule-set.ts (issue #30); without one, the start date picks it.
  const b = calculateFees(feeInputOf(columns), ruleSet ? { ruleSet } : {})
  return {
    requiresPermits: b.requirements.requiresPermits,
    fees: {
      feeDue_ACT: b.feeDue_ACT,
      feeDue_NSW: b.feeDue_NSW,
      feeDue_SA: b.feeDue_SA,
      feeDue_Service: b.feeDue_Service,
      feeDue_AbridgedTC: b.feeDue_AbridgedTC,
      feeDue_HostedTC: b.feeDue_HostedTC,
      feeDue_RandomDraw: b.feeDue_RandomDraw,
      feeDue_SkillsBasedTC: b.feeDue_SkillsBasedTC,
      feeDue_TermsAndConditions: b.feeDue_TermsAndConditions,
      feeDue_WinnerPublication: b.feeDue_WinnerPublication,
      feeDue_CCSurcharge: b.feeDue_CCSurcharge,
      feeDue_GST: b.feeDue_GST,
      feeDue_Total: b.feeDue_Total,
      feeDue_GrandTotal: b.feeDue_GrandTotal,
      isNSWIncludedButNotRequired: b.isNSWIncludedButNotRequired,
      isACTIncludedButNotRequired: b.isACTIncludedButNotRequired,
      isSAIncludedButNotRequired: b.isSAIncludedButNotRequired,
      isSAFeePremium: b.isSAFeePremium,
      isSAElectronicSubmissionOnly: b.isSAElectronicSubmissionOnly,
      licenceFees: {
        nsw: b.feeDue_NSW + b.governmentFeesPayableDirect.nsw,
        act: b.feeDue_ACT + b.governmentFeesPayableDirect.act,
        sa: b.feeDue_SA + b.governmentFeesPayableDirect.sa,
      },
      ruleSetId: b.ruleSetId,
    },
  }
}
