/**
 * The one fee calculation (001 §9 "Estimated permit licence fees", 000 §9 "Prices"). Produces the
 * whole `feeDue_*` breakdown in integer cents. The API recomputes fees with it and never trusts
 * totals from the browser; the wizard uses it for the estimate.
 *
 * Decisions (see README):
 * - Government licence fees (NSW, ACT, SA) are GST-free; GST (10%) applies to the provider's
 *   fees only, rounded half up once on their subtotal.
 * - Self submission: the customer lodges and pays the regulators directly, so the permit
 *   management fee and the government fees are not charged by us (they are reported separately in
 *   `governmentFeesPayableDirect` for the estimate); other services are charged as chosen.
 * - Skill-based purchase: the skill T&Cs are charged at the chosen credit option's price
 *   (150/250/1000, `skill-terms.ts`); permit management, random draw, chance T&Cs and government
 *   fees are 0 (a game of skill needs no lottery permit).
 * - The card surcharge is 1.5% of (total + GST), rounded half up, only when paying by card.
 * - feeDue_Total = sum of the fee lines (excluding GST and surcharge);
 *   feeDue_GrandTotal = feeDue_Total + feeDue_GST + feeDue_CCSurcharge.
 */
import { applyRate } from '../money'
import { getPermitRequirements, type PermitRequirementInput, type PermitRequirements } from '../permits/requirements'
import { selectRuleSet, tieredFee, type RuleSet } from '../rules/rule-sets'
import { isStateSelected } from '../states'
import { skillTcOption, type SkillTcPaymentOption } from './skill-terms'

export interface FeeInput extends PermitRequirementInput {
  /** Permit submission managed by the provider (default true). */
  managedSubmission?: boolean | null
  randomDraw?: boolean | null
  termsAndConditions?: boolean | null
  abridgedTC?: boolean | null
  hostedTC?: boolean | null
  /** Winner publication (001 §1): charged only where there is a list to publish, ACT or SA (decision record 020). */
  winnerPublication?: boolean | null
  skillsBasedTC?: boolean | null
  /** Skill T&C credit option (150/250/1000, decision record 014); default the $150 list price. */
  skillsBasedTCPaymentOption?: SkillTcPaymentOption | null
  /** Staff forced the SA premium (forceSaPremium): a required SA permit costs at least the premium fee. */
  saPremium?: boolean | null
  /** NSW authority term asked for (1, 3 or 5 years; applicant.nswAuthorityDuration): its fee where the rule set gives one. */
  nswAuthorityDuration?: number | null
}

export type PaymentMethod = 'card' | 'bpay'

export interface FeeOptions {
  /** Card adds the surcharge; BPAY does not. Default 'card'. */
  paymentMethod?: PaymentMethod
  /** Override the rule set (tests, admin previews); default: selected by start date. */
  ruleSet?: RuleSet
}

/** The wire fee fields (DESIGN.md §4), all integer cents. */
export interface FeeDue {
  feeDue_ACT: number
  feeDue_NSW: number
  feeDue_SA: number
  feeDue_Service: number
  feeDue_AbridgedTC: number
  feeDue_HostedTC: number
  feeDue_RandomDraw: number
  feeDue_SkillsBasedTC: number
  feeDue_TermsAndConditions: number
  /** Winner publication (decision record 020). Optional: fees stored before the service existed lack it (0). */
  feeDue_WinnerPublication?: number
  feeDue_CCSurcharge: number
  feeDue_GST: number
  feeDue_Total: number
  feeDue_GrandTotal: number
}

export interface FeeBreakdown extends FeeDue {
  /** Always computed (0 when not ordered); only stored fees from before the service lack it. */
  feeDue_WinnerPublication: number
  isNSWIncludedButNotRequired: boolean
  isACTIncludedButNotRequired: boolean
  isSAIncludedButNotRequired: boolean
  /** The SA licence is charged at the premium fee because staff forced it (001 §3 permit flag isSAFeePremium). */
  isSAFeePremium: boolean
  /**
   * 001 §3 permit flag: the SA licence is applied for online only (Consumer and Business Services'
   * online application, SOURCES.saLicence), so the SA form of a lodgement pack holds the answers to
   * enter there, not a form to post. Set whenever an SA licence is required.
   */
  isSAElectronicSubmissionOnly: boolean
  /** Sum of the government licence lines charged by us (GST-free). */
  governmentSubtotal: number
  /** Sum of the provider's lines (GST applies). */
  providerSubtotal: number
  /** Self submission: estimated government fees the customer pays the regulators directly. */
  governmentFeesPayableDirect: { nsw: number; act: number; sa: number; total: number }
  ruleSetId: string
  requirements: PermitRequirements
}

/** The government licence fees for the required permits (before deciding who pays them). */
export function getGovernmentFees(input: FeeInput, requirements: PermitRequirements, ruleSet: RuleSet): { nsw: number; act: number; sa: number } {
  const g = ruleSet.fees.government
  const value = input.totalPrizeValue ?? 0
  const saTier = tieredFee(g.sa, value)
  return {
    nsw: requirements.nsw.required
      ? input.hasNswAuthority === true
        ? g.nswWithAuthorityCents
        : (nswAuthorityTermFee(ruleSet, input.nswAuthorityDuration) ?? g.nswCents)
      : 0,
    act: requirements.act.required ? tieredFee(g.act, value) : 0,
    sa: requirements.sa.required ? (input.saPremium === true ? Math.max(saTier, g.saPremiumCents) : saTier) : 0,
  }
}

/**
 * Issue #30: under the NSW authority model a promoter without an authority buys one for 1, 3 or 5
 * years; the 3 and 5-year terms cost their own fee where the set gives it (else the base NSW fee).
 */
export function nswAuthorityTermFee(ruleSet: RuleSet, years: number | null | undefined): number | null {
  const nsw = ruleSet.states.nsw
  if (nsw.permitModel !== 'authority') return null
  if (years === 3) return nsw.authority3YearCents
  if (years === 5) return nsw.authority5YearCents
  return null
}

/** 001 §9, 000 §9: the whole fee breakdown of a promotion, in integer cents. */
export function calculateFees(input: FeeInput, options: FeeOptions = {}): FeeBreakdown {
  const ruleSet = options.ruleSet ?? selectRuleSet(input.startDate)
  const requirements = getPermitRequirements(input, ruleSet)
  const p = ruleSet.fees.provider
  const skill = input.skillsBasedTC === true
  const managed = input.managedSubmission !== false

  const gov = getGovernmentFees(input, requirements, ruleSet)
  const chargeGov = managed && !skill

  const feeDue_NSW = chargeGov ? gov.nsw : 0
  const feeDue_ACT = chargeGov ? gov.act : 0
  const feeDue_SA = chargeGov ? gov.sa : 0
  const feeDue_Service = managed && !skill ? p.permitManagementByCountCents[requirements.requiredCount] : 0
  const feeDue_RandomDraw = input.randomDraw === true && !skill ? p.randomDrawCents : 0
  const feeDue_TermsAndConditions = input.termsAndConditions === true && !skill ? p.termsChanceCents : 0
  const feeDue_SkillsBasedTC = skill ? skillTcOption(input.skillsBasedTCPaymentOption, ruleSet).priceCents : 0
  const feeDue_AbridgedTC = input.abridgedTC === true ? p.abridgedTermsCents : 0
  const feeDue_HostedTC = input.hostedTC === true ? p.hostedTermsCents : 0
  const feeDue_WinnerPublication = winnerPublicationOrdered(input) ? p.winnerPublicationCents : 0

  const governmentSubtotal = feeDue_NSW + feeDue_ACT + feeDue_SA
  const providerSubtotal =
    feeDue_Service + feeDue_RandomDraw + feeDue_TermsAndConditions + feeDue_SkillsBasedTC + feeDue_AbridgedTC + feeDue_HostedTC + feeDue_WinnerPublication
  const feeDue_GST = applyRate(providerSubtotal, ruleSet.fees.gstRate)
  const feeDue_Total = governmentSubtotal + providerSubtotal
  const feeDue_CCSurcharge = (options.paymentMethod ?? 'card') === 'card' ? cardSurcharge(feeDue_Total, feeDue_GST, ruleSet) : 0
  const feeDue_GrandTotal = feeDue_Total + feeDue_GST + feeDue_CCSurcharge

  const direct = chargeGov || skill ? { nsw: 0, act: 0, sa: 0 } : gov

  return {
    feeDue_ACT,
    feeDue_NSW,
    feeDue_SA,
    feeDue_Service,
    feeDue_AbridgedTC,
    feeDue_HostedTC,
    feeDue_RandomDraw,
    feeDue_SkillsBasedTC,
    feeDue_TermsAndConditions,
    feeDue_WinnerPublication,
    feeDue_CCSurcharge,
    feeDue_GST,
    feeDue_Total,
    feeDue_GrandTotal,
    isNSWIncludedButNotRequired: requirements.nsw.includedButNotRequired,
    isACTIncludedButNotRequired: requirements.act.includedButNotRequired,
    isSAIncludedButNotRequired: requirements.sa.includedButNotRequired,
    isSAFeePremium: input.saPremium === true && requirements.sa.required,
    isSAElectronicSubmissionOnly: requirements.sa.required,
    governmentSubtotal,
    providerSubtotal,
    governmentFeesPayableDirect: { ...direct, total: direct.nsw + direct.act + direct.sa },
    ruleSetId: ruleSet.id,
    requirements,
  }
}

/**
 * Winner publication is ordered and has something to publish: the hosted page lists the winners
 * of our random draw (the service publishes from its result) that ACT and SA require published
 * (001 §3 prizePublicationACT). Elsewhere the option is not offered and not charged (decision record 020).
 */
export function winnerPublicationOrdered(input: Pick<FeeInput, 'winnerPublication' | 'ausStates' | 'skillsBasedTC' | 'randomDraw'>): boolean {
  return input.winnerPublication === true && winnerPublicationOffered(input)
}

/** The option is offered with our random draw in a game of chance run in ACT or SA, the states whose winners are published. */
export function winnerPublicationOffered(input: Pick<FeeInput, 'ausStates' | 'skillsBasedTC' | 'randomDraw'>): boolean {
  return input.randomDraw === true && input.skillsBasedTC !== true && (isStateSelected(input.ausStates, 'act') || isStateSelected(input.ausStates, 'sa'))
}

/**
 * Card surcharge: 1.5% of (amount + GST), rounded half up to a cent (001 §9). Also used for
 * admin card charges and custom invoices.
 */
export function cardSurcharge(amountCents: number, gstCents: number, ruleSet: RuleSet = selectRuleSet(null)): number {
  return applyRate(amountCents + gstCents, ruleSet.fees.cardSurchargeRate)
}

/** GST on a taxable amount (10%, half up). */
export function gstOn(amountCents: number, ruleSet: RuleSet = selectRuleSet(null)): number {
  return applyRate(amountCents, ruleSet.fees.gstRate)
}

/** The wire fee fields only (what the save API returns and stores). */
export function toFeeDue(breakdown: FeeBreakdown): FeeDue {
  const {
    feeDue_ACT,
    feeDue_NSW,
    feeDue_SA,
    feeDue_Service,
    feeDue_AbridgedTC,
    feeDue_HostedTC,
    feeDue_RandomDraw,
    feeDue_SkillsBasedTC,
    feeDue_TermsAndConditions,
    feeDue_WinnerPublication,
    feeDue_CCSurcharge,
    feeDue_GST,
    feeDue_Total,
    feeDue_GrandTotal,
  } = breakdown
  return {
    feeDue_ACT,
    feeDue_NSW,
    feeDue_SA,
    feeDue_Service,
    feeDue_AbridgedTC,
    feeDue_HostedTC,
    feeDue_RandomDraw,
    feeDue_SkillsBasedTC,
    feeDue_TermsAndConditions,
    feeDue_WinnerPublication,
    feeDue_CCSurcharge,
    feeDue_GST,
    feeDue_Total,
    feeDue_GrandTotal,
  }
}
