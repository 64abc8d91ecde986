/**
 * Attachment types and the relevant-attachment rules (001 §3 "Attachment").
 * The spec fixes two rules: U (statutory declaration of scrutineer) is added when a scrutineer is
 * required, and X (list of entries) is always added. The other rules are our reading of what each
 * document is for; they are data in {@link ATTACHMENT_RULES}.
 */
import { ENTRY_METHOD_FLAGS, hasFlag, hasAnyFlag, DRAW_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS, hasDrawnMethod } from '../permits/options'

export interface AttachmentType {
  code: string
  slug: string
  name: string
  isAddendum: boolean
}

export const ATTACHMENT_TYPES: readonly AttachmentType[] = [
  { code: 'A', slug: 'letter-of-authority', name: 'Letter of authority', isAddendum: false },
  { code: 'B', slug: 'terms-and-conditions', name: 'Terms and conditions', isAddendum: false },
  { code: 'C', slug: 'ticket-or-entry-form', name: 'Ticket or entry form', isAddendum: false },
  { code: 'E', slug: 'proposed-advertisement', name: 'Proposed advertisement or notice', isAddendum: false },
  { code: 'I', slug: 'instant-win-details', name: 'Instant win details', isAddendum: false },
  { code: 'T', slug: 'special-requirements', name: 'Special requirements (draw method)', isAddendum: false },
  { code: 'S', slug: 'gaming-details', name: 'Gaming details', isAddendum: false },
  { code: 'O', slug: 'aoc-clearance', name: 'AOC clearance', isAddendum: false },
  { code: 'P', slug: 'real-estate-valuation', name: 'Real estate valuation', isAddendum: false },
  { code: 'Q', slug: 'non-profit-consent', name: 'Letter of consent from non-profit organisation', isAddendum: false },
  { code: 'R', slug: 'not-for-profit-assurance', name: 'Letter of assurance (not for profit)', isAddendum: false },
  { code: 'X', slug: 'list-of-entries', name: 'List of entries', isAddendum: true },
  { code: 'V', slug: 'list-of-prize-winners', name: 'List of prize winners', isAddendum: true },
  { code: 'W', slug: 'list-of-unclaimed-prize-winners', name: 'List of unclaimed prize winners', isAddendum: true },
  { code: 'U', slug: 'scrutineer-declaration', name: 'Statutory declaration of scrutineer', isAddendum: true },
  { code: 'Y', slug: 'abridged-terms-and-conditions', name: 'Abridged terms and conditions', isAddendum: true },
]

export type AttachmentCode = string

const BY_CODE = new Map(ATTACHMENT_TYPES.map((t) => [t.code, t]))

export function getAttachmentType(code: string): AttachmentType | undefined {
  return BY_CODE.get(code)
}

/** What the relevant-attachment rules read. */
export interface AttachmentRuleInput {
  termsAndConditions?: boolean | null
  abridgedTC?: boolean | null
  hasLetterOfAuthority?: boolean | null
  letterOfAuthorityReused?: boolean | null
  entryMethodsValue?: number | null
  drawMethodsValue?: number | null
  prizeCategoriesValue?: number | null
  hasInstantWinPrizes?: boolean | null
  /** A scrutineer is required (scrutineer question answered yes). */
  scrutineerRequired?: boolean | null
  hasUnclaimedDraw?: boolean | null
}

/** One rule per code, in display order. */
export const ATTACHMENT_RULES: readonly { code: AttachmentCode; relevant: (p: AttachmentRuleInput) => boolean }[] = [
  { code: 'A', relevant: (p) => p.hasLetterOfAuthority === true || p.letterOfAuthorityReused === true },
  { code: 'B', relevant: () => true },
  { code: 'C', relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'form') },
  { code: 'E', relevant: () => true },
  {
    code: 'I',
    relevant: (p) =>
      p.hasInstantWinPrizes === true ||
      hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'instantwin') ||
      hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, ['instantElectronic', 'instantNonElectronic']),
  },
  { code: 'T', relevant: (p) => hasAnyFlag(p.drawMethodsValue, DRAW_METHOD_FLAGS, ['other', 'spinningWheel', 'nominatedCaller', 'randomTelephone']) },
  { code: 'S', relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'gaming') },
  { code: 'O', relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'olympic') },
  { code: 'P', relevant: (p) => hasFlag(p.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, 'realEstate') },
  { code: 'Q', relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'charity') },
  { code: 'R', relevant: (p) => hasFlag(p.entryMethodsValue, ENTRY_METHOD_FLAGS, 'charity') },
  // addenda
  { code: 'X', relevant: () => true },
  { code: 'V', relevant: (p) => hasDrawnMethod(p.drawMethodsValue) },
  { code: 'W', relevant: (p) => p.hasUnclaimedDraw === true },
  { code: 'U', relevant: (p) => p.scrutineerRequired === true },
  { code: 'Y', relevant: (p) => p.abridgedTC === true },
]

/** The relevant attachment codes (001 §3 attachmentsRelevant): U for the scrutineer declaration, X always. */
export function getRelevantAttachmentCodes(input: AttachmentRuleInput): AttachmentCode[] {
  return ATTACHMENT_RULES.filter((rule) => rule.relevant(input)).map((rule) => rule.code)
}

/** Codes to the stored comma list (attachmentsRelevant, attachmentsManuallyRequired). */
export function formatAttachmentCodes(codes: readonly string[]): string {
  return codes.join(',')
}

/** The stored comma list to codes. */
export function parseAttachmentCodes(list: string | null | undefined): AttachmentCode[] {
  if (!list) return []
  return list
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '')
}

/** 001 §5: an attachment is valid if it exists, is uploaded, or is reused from another promotion. */
export function isAttachmentValid(
  attachment:
    | {
        exists?: boolean | null
        uploaded?: boolean | null
        reuseFromPromotion?: unknown
        shouldReuse?: boolean | null
      }
    | null
    | undefined,
): boolean {
  if (!attachment) return false
  return attachment.exists === true || attachment.uploaded === true || (attachment.reuseFromPromotion != null && attachment.shouldReuse !== false)
}

/**
 * The codes the customer must provide now: non-addendum relevant codes (addenda are submitted
 * after the draw), or the staff's manual list when the manual override is on.
 */
export function getRequiredAttachmentCodes(
  input: AttachmentRuleInput & {
    attachmentsManualOverride?: boolean | null
    attachmentsManuallyRequired?: string | null
  },
): AttachmentCode[] {
  if (input.attachmentsManualOverride) return parseAttachmentCodes(input.attachmentsManuallyRequired)
  // Issue 14: with T&Cs bought, attachment B is the T&Cs we draft, attached when the customer approves them.
  return getRelevantAttachmentCodes(input).filter((code) => !getAttachmentType(code)?.isAddendum && !(code === 'B' && input.termsAndConditions === true))
}

/**
 * The rule input of a promotion as the wizard and the API hold it (promotion-level fields with
 * the permit beside them): one definition for the validity, the derived state and the screen.
 */
export function attachmentRuleInputOf(
  promotion: AttachmentRuleInput & {
    attachmentsManualOverride?: boolean | null
    attachmentsManuallyRequired?: string | null
    permit?: (Omit<AttachmentRuleInput, 'hasLetterOfAuthority'> & { applicant?: { hasLetterOfAuthority?: boolean | null } | null }) | null
  },
): AttachmentRuleInput & { attachmentsManualOverride?: boolean | null; attachmentsManuallyRequired?: string | null } {
  const permit = promotion.permit ?? {}
  return {
    ...promotion,
    ...permit,
    hasLetterOfAuthority: permit.applicant?.hasLetterOfAuthority,
    hasUnclaimedDraw: hasDrawnMethod(permit.drawMethodsValue),
  }
}
