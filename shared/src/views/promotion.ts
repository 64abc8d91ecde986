/**
 * The wire shapes of a promotion (001 §3) as GET /api/promotion/list and /get answer them: the
 * API builds them, the wizard reads them; one definition for both.
 */
import type { AusStates } from '../states'
import type { FeeDue } from '../fees/calculate-fees'
import type { PermitSave } from '../validation/permit-save'
import type { ApplicationState } from '../wizard/application-state'

export type PermitStatusView = { id: number; name: string; slug: string }

export type PromotionListItem = {
  id: number
  name: string
  permitStatus: PermitStatusView
  startDate: string | null
  ausStates: AusStates
  includeNz: boolean
  totalPrizeValue: number
  postSubmissionTotalPrizeValue: number | null
  isSubmittedOrGenerated: boolean
  managedSubmission: boolean
  skillsBasedTC: boolean
  hasTermsAndConditions: boolean
  archived: boolean
  createdAt: string
  updatedAt: string
}

/** 001 §3 pendingSubmissionInvoice / pendingCustomInvoice: an unpaid invoice, dollars (ccSurcharge: what a card adds). */
export type PendingInvoiceView = { invoiceNumber: number | null; amount: number; gst: number; ccSurcharge: number }

export type Promotion = PromotionListItem & {
  /** What is owed (issue 12); answered by GET /api/promotion/get. */
  pendingSubmissionInvoice?: PendingInvoiceView | null
  pendingCustomInvoice?: PendingInvoiceView | null
  winnersDrawnElectronically: boolean | null
  hasNswAuthority: boolean | null
  hasInstantWinPrizes: boolean | null
  randomDrawMachineApproved: boolean | null
  usingRandomDrawsDotCom: boolean | null
  randomDraw: boolean
  termsAndConditions: boolean
  abridgedTC: boolean
  hostedTC: boolean
  /** Winner publication ordered (decision record 020). */
  winnerPublication: boolean
  requiresPermits: boolean
  lawyerContactRequested: boolean
  hasRandomDraw: boolean
  hasWinnerPublication: boolean
  servicesString: string
  durationString: string
  notesCount: number
  /** Permit numbers staff saved (issue 13), by state; the permit document's upload when staff attached one (issue 25). */
  permitNumbers?: { state: string; number: string; approvalDate: string; expiryDate: string | null; documentFileName?: string | null }[]
  attachments: (PermitSave['attachments'][number] & { exists?: boolean | null })[]
  actionEntry?: PermitSave['actionEntry']
  permit: PermitSave['permit'] &
    FeeDue & {
      completedSections: ApplicationState['completedSections']
      applicationComplete: boolean
      permitStatus: PermitStatusView
      isNSWIncludedButNotRequired: boolean
      isACTIncludedButNotRequired: boolean
      isSAIncludedButNotRequired: boolean
      /** Staff forced the SA premium: the SA licence is charged at the premium fee (forceSaPremium). */
      isSAFeePremium: boolean
      /** 001 §3: the SA licence is applied for online only (issue 25). */
      isSAElectronicSubmissionOnly: boolean
      /** Which versioned rule set priced it (rules/rule-sets.ts). */
      feeRuleSetId: string
      /**
       * The licence fees of that rule set, whether charged through us or paid by the customer to
       * the regulators (self submission); absent on promotions priced before they were kept (issue 25).
       */
      licenceFee_NSW?: number
      licenceFee_ACT?: number
      licenceFee_SA?: number
    } & Record<string, unknown>
  /** The concurrency token: sent back with the next save. */
  versionNumber: number
} & Omit<ApplicationState, 'completedSections' | 'applicationComplete'> &
  Partial<
    Pick<
      PermitSave,
      | 'prizeValueACT'
      | 'prizeValueNSW'
      | 'prizeValueSA'
      | 'prizeValueVIC'
      | 'prizeValueQLD'
      | 'prizeValueTAS'
      | 'prizeValueWA'
      | 'prizeValueNT'
      | 'prizeQuantityTotal'
      | 'prizeDescription'
      | 'prizeCategoriesValue'
      | 'prizeCategoriesOther'
      | 'maxPrizeValue'
      | 'prizePublicationACT'
      | 'prizePublicationDateACT'
      | 'letterOfAuthorityReused'
      | 'attachmentsManualOverride'
      | 'attachmentsManuallyRequired'
    >
  >
