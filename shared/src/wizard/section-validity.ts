/**
 * Section validity of the permit application (001 §4 "Section validity: valid, invalid or
 * neutral. The application is complete when no step is invalid. The comments step or the
 * questions section is invalid if any action question lacks an answer.").
 *
 * - 'neutral': the section is hidden, or has nothing to check (no action questions; comments not
 *   visited);
 * - 'invalid': a rule of 001 §5 fails (the issues say which field and why);
 * - 'valid': otherwise.
 */
import type { z } from 'zod'
import { attachmentRuleInputOf, getRequiredAttachmentCodes, isAttachmentValid } from '../attachments/attachment-types'
import type { Clock } from '../dates/calendar'
import {
  MSG_ACTION_QUESTION_UNANSWERED,
  MSG_ATTACHMENT_REQUIRED,
  MSG_CHECKBOX_GROUP_REQUIRED,
  MSG_DATE_INVALID,
  MSG_INDUCEMENTS_DETAIL_REQUIRED,
  MSG_NAME_REQUIRED,
  MSG_OTHER_DETAIL_REQUIRED,
  MSG_PHONE_INVALID,
  MSG_PRIZE_QUANTITY_POSITIVE,
  MSG_REQUIRED,
  MSG_TIME_INVALID,
  MSG_WEBSITE_INVALID,
  MSG_ADDRESS_INCOMPLETE,
} from '../messages'
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, ADVERTISING_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS, hasAnyFlag, hasDrawnMethod, hasFlag } from '../permits/options'
import { getPermitRequirements, type PermitRequirements } from '../permits/requirements'
import { isScrutineerQuestionRequired } from '../permits/scrutineer'
import { AddressSchema, WEBSITE_PATTERN } from '../validation/common'
import { createApplicantSchema, createContactSchema, createScrutineerSchema, PromotionDatesSchema } from '../validation/permit'
import type { PermitSave } from '../validation/permit-save'
import { perStatePrizeValueIssues } from '../validation/promotion'
import { isValidIsoDate } from '../dates/calendar'
import { getVisibleSections, getWizardSteps, isSectionVisible, type SectionKey, type StepKey } from './steps'

export type SectionValidity = 'valid' | 'invalid' | 'neutral'

export interface SectionIssue {
  /** Path from the promotion root, e.g. ['permit', 'applicant', 'abnacn']. */
  path: (string | number)[]
  message: string
}

/** A promotion as the wizard holds it (the save payload; any part may be missing in a draft). */
export type PromotionForValidity = Partial<PermitSave> & { permit?: Partial<PermitSave['permit']> | null }

interface Ctx {
  promotion: PromotionForValidity
  permit: Partial<PermitSave['permit']>
  requirements: PermitRequirements
  clock: Clock
}

type Check = (ctx: Ctx) => { applicable: boolean; issues: SectionIssue[] }

const blank = (v: string | null | undefined) => v == null || v.trim() === ''

function fromZod(prefix: (string | number)[], result: z.ZodSafeParseResult<unknown>): SectionIssue[] {
  if (result.success) return []
  return result.error.issues.map((issue) => ({ path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message }))
}

function issue(path: (string | number)[], message: string): SectionIssue {
  return { path, message }
}

const CHECKS: Record<SectionKey, Check> = {
  details: ({ promotion, permit }) => {
    const issues: SectionIssue[] = []
    if (blank(promotion.name)) issues.push(issue(['name'], MSG_NAME_REQUIRED))
    issues.push(
      ...fromZod(
        ['permit'],
        PromotionDatesSchema.safeParse({
          startDate: permit.startDate,
          startTime: permit.startTime,
          endDate: permit.endDate,
          endTime: permit.endTime,
          finalDrawDate: permit.finalDraw?.date || null,
        }),
      ).filter((i) => i.path[1] !== 'finalDrawDate'),
    )
    if (typeof permit.under18s !== 'boolean') issues.push(issue(['permit', 'under18s'], MSG_REQUIRED))
    if (typeof permit.inducementsOffered !== 'boolean') issues.push(issue(['permit', 'inducementsOffered'], MSG_REQUIRED))
    else if (permit.inducementsOffered && blank(permit.inducementsDetail)) {
      issues.push(issue(['permit', 'inducementsDetail'], MSG_INDUCEMENTS_DETAIL_REQUIRED))
    }
    if (!permit.advertisingMethodsValue) issues.push(issue(['permit', 'advertisingMethodsValue'], MSG_CHECKBOX_GROUP_REQUIRED))
    else if (hasFlag(permit.advertisingMethodsValue, ADVERTISING_METHOD_FLAGS, 'other') && blank(permit.advertisingMethodsOther)) {
      issues.push(issue(['permit', 'advertisingMethodsOther'], MSG_OTHER_DETAIL_REQUIRED))
    }
    if (blank(permit.promotedProducts)) issues.push(issue(['permit', 'promotedProducts'], MSG_REQUIRED))
    return { applicable: true, issues }
  },

  applicant: ({ promotion, permit, requirements }) => {
    const applicant = permit.applicant ?? {}
    const postalAddress = applicant.postalSameAsBusiness ? applicant.businessAddress : applicant.postalAddress
    const schema = createApplicantSchema({
      nswRequired: requirements.nsw.required,
      hasNswAuthority: promotion.hasNswAuthority,
      endDate: permit.endDate,
    })
    const result = schema.safeParse({ ...applicant, postalAddress, website: applicant.website ?? '' })
    return { applicable: true, issues: fromZod(['permit', 'applicant'], result) }
  },

  contact: ({ permit, requirements }) => {
    const schema = createContactSchema({ positionRequired: requirements.act.required || requirements.sa.required })
    return { applicable: true, issues: fromZod(['permit', 'applicant', 'contact'], schema.safeParse(permit.applicant?.contact ?? {})) }
  },

  entry: ({ permit }) => {
    const issues: SectionIssue[] = []
    const value = permit.entryMethodsValue
    if (!value) issues.push(issue(['permit', 'entryMethodsValue'], MSG_CHECKBOX_GROUP_REQUIRED))
    if (hasFlag(value, ENTRY_METHOD_FLAGS, 'other') && blank(permit.entryMethodsOther)) {
      issues.push(issue(['permit', 'entryMethodsOther'], MSG_OTHER_DETAIL_REQUIRED))
    }
    if (hasFlag(value, ENTRY_METHOD_FLAGS, 'internet') && !WEBSITE_PATTERN.test((permit.entryMethodsWebsite ?? '').trim())) {
      issues.push(issue(['permit', 'entryMethodsWebsite'], MSG_WEBSITE_INVALID))
    }
    if (hasAnyFlag(value, ENTRY_METHOD_FLAGS, ['sms', 'phone1800', 'phone1900', 'phone']) && blank(permit.entryMethodsPhoneNumbers)) {
      issues.push(issue(['permit', 'entryMethodsPhoneNumbers'], MSG_PHONE_INVALID))
    }
    if (blank(permit.entryMechanic)) issues.push(issue(['permit', 'entryMechanic'], MSG_REQUIRED))
    return { applicable: true, issues }
  },

  finaldraw: ({ promotion, permit }) => {
    const issues: SectionIssue[] = []
    const draw = permit.drawMethodsValue
    if (!draw) issues.push(issue(['permit', 'drawMethodsValue'], MSG_CHECKBOX_GROUP_REQUIRED))
    if (hasFlag(draw, DRAW_METHOD_FLAGS, 'other') && blank(permit.drawMethodsOther)) {
      issues.push(issue(['permit', 'drawMethodsOther'], MSG_OTHER_DETAIL_REQUIRED))
    }
    if (hasDrawnMethod(draw)) issues.push(...drawIssues(['permit', 'finalDraw'], permit.finalDraw))
    const questionRequired = isScrutineerQuestionRequired({ ...promotion, drawMethodsValue: draw, startDate: permit.startDate ?? promotion.startDate })
    issues.push(...fromZod(['permit'], createScrutineerSchema({ questionRequired }).safeParse(permit)))
    return { applicable: true, issues }
  },

  unclaimeddraw: ({ permit }) => {
    if (!hasDrawnMethod(permit.drawMethodsValue)) return { applicable: false, issues: [] }
    return { applicable: true, issues: drawIssues(['permit', 'unclaimedDraw'], permit.unclaimedDraw) }
  },

  notification: ({ promotion, permit, requirements }) => {
    const issues: SectionIssue[] = []
    const notification = permit.finalDraw?.notification
    if (!notification?.method) issues.push(issue(['permit', 'finalDraw', 'notification', 'method'], MSG_REQUIRED))
    if (!isValidIsoDate(notification?.date)) issues.push(issue(['permit', 'finalDraw', 'notification', 'date'], MSG_DATE_INVALID))
    if (requirements.act.required) {
      if (blank(promotion.prizePublicationACT)) issues.push(issue(['prizePublicationACT'], MSG_REQUIRED))
      if (!isValidIsoDate(promotion.prizePublicationDateACT)) issues.push(issue(['prizePublicationDateACT'], MSG_DATE_INVALID))
    }
    return { applicable: true, issues }
  },

  categories: ({ promotion }) => {
    const issues: SectionIssue[] = []
    if (!promotion.prizeCategoriesValue) issues.push(issue(['prizeCategoriesValue'], MSG_CHECKBOX_GROUP_REQUIRED))
    else if (hasFlag(promotion.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, 'other') && blank(promotion.prizeCategoriesOther)) {
      issues.push(issue(['prizeCategoriesOther'], MSG_OTHER_DETAIL_REQUIRED))
    }
    return { applicable: true, issues }
  },

  breakdown: ({ promotion }) => {
    const issues: SectionIssue[] = []
    if (!promotion.prizeQuantityTotal || promotion.prizeQuantityTotal <= 0) {
      issues.push(issue(['prizeQuantityTotal'], MSG_PRIZE_QUANTITY_POSITIVE))
    }
    if (blank(promotion.prizeDescription)) issues.push(issue(['prizeDescription'], MSG_REQUIRED))
    issues.push(...perStatePrizeValueIssues(promotion))
    return { applicable: true, issues }
  },

  attachments: ({ promotion, permit }) => {
    const required = getRequiredAttachmentCodes(attachmentRuleInputOf({ ...promotion, permit }))
    const attachments = promotion.attachments ?? []
    const issues = required
      .filter((code) => !attachments.some((a) => a.attachmentType.code === code && isAttachmentValid(a)))
      .map((code) => issue(['attachments', code], MSG_ATTACHMENT_REQUIRED))
    return { applicable: required.length > 0, issues }
  },

  comments: ({ promotion, permit }) => {
    const issues = unansweredQuestionIssues(promotion)
    const touched = permit.visitedComments === true || !blank(permit.comments) || (promotion.actionEntry?.actionQuestions.length ?? 0) > 0
    return { applicable: touched, issues }
  },

  questions: ({ promotion }) => {
    const questions = promotion.actionEntry?.actionQuestions ?? []
    return { applicable: questions.length > 0, issues: unansweredQuestionIssues(promotion) }
  },
}

function unansweredQuestionIssues(promotion: PromotionForValidity): SectionIssue[] {
  return (promotion.actionEntry?.actionQuestions ?? [])
    .map((q, index) => ({ q, index }))
    .filter(({ q }) => blank(q.answer))
    .map(({ index }) => issue(['actionEntry', 'actionQuestions', index, 'answer'], MSG_ACTION_QUESTION_UNANSWERED))
}

function drawIssues(prefix: (string | number)[], draw: PermitSave['permit']['finalDraw'] | undefined): SectionIssue[] {
  const issues: SectionIssue[] = []
  if (draw?.multipleDates) {
    if (blank(draw.multipleDatesDetail)) issues.push(issue([...prefix, 'multipleDatesDetail'], MSG_REQUIRED))
  } else {
    if (!isValidIsoDate(draw?.date)) issues.push(issue([...prefix, 'date'], MSG_DATE_INVALID))
    if (!draw?.time || !/^([01]\d|2[0-3]):[0-5]\d$/.test(draw.time)) issues.push(issue([...prefix, 'time'], MSG_TIME_INVALID))
  }
  if (!AddressSchema.safeParse(draw?.locationAddress ?? {}).success) issues.push(issue([...prefix, 'locationAddress'], MSG_ADDRESS_INCOMPLETE))
  return issues
}

function contextOf(promotion: PromotionForValidity, clock: Clock): Ctx {
  const permit = promotion.permit ?? {}
  const requirements = getPermitRequirements({ ...promotion, startDate: permit.startDate ?? promotion.startDate })
  return { promotion, permit, requirements, clock }
}

function wizardContextOf(promotion: PromotionForValidity) {
  return {
    managedSubmission: promotion.managedSubmission,
    skillsBasedTC: promotion.skillsBasedTC,
    termsAndConditions: promotion.termsAndConditions,
    ausStates: promotion.ausStates,
  }
}

/** Everything the permit editor shows about completeness, from one run of each visible section's check. */
export type ApplicationValidity = {
  /** As getApplicationIssues: the open issues by field path. */
  issues: Record<string, string[]>
  /** As getSectionValidity, for every visible section. */
  sections: Partial<Record<SectionKey, SectionValidity>>
  /** As getStepValidity, for every step of this promotion. */
  steps: Partial<Record<StepKey, SectionValidity>>
}

/**
 * getApplicationIssues, getSectionValidity and getStepValidity at once (issue 17): the editor shows
 * all three on every render, and asking each separately ran every section's rules three times.
 */
export function getApplicationValidity(promotion: PromotionForValidity, clock: Clock): ApplicationValidity {
  const wizard = wizardContextOf(promotion)
  const context = contextOf(promotion, clock)
  const result: ApplicationValidity = { issues: {}, sections: {}, steps: {} }
  for (const step of getWizardSteps(wizard)) {
    const results: SectionValidity[] = []
    for (const section of getVisibleSections(step, wizard)) {
      let validity: SectionValidity = 'neutral'
      if (!(section === 'attachments' && promotion.managedSubmission === false)) {
        const { applicable, issues } = CHECKS[section](context)
        for (const { path, message } of issues) {
          const list = (result.issues[path.join('.')] ??= [])
          if (!list.includes(message)) list.push(message)
        }
        validity = issues.length > 0 ? 'invalid' : applicable ? 'valid' : 'neutral'
      }
      result.sections[section] = validity
      results.push(validity)
    }
    result.steps[step.key] = results.includes('invalid') ? 'invalid' : results.includes('valid') ? 'valid' : 'neutral'
  }
  return result
}

/** The issues of one section (empty when hidden or valid). */
export function getSectionIssues(promotion: PromotionForValidity, section: SectionKey, clock: Clock): SectionIssue[] {
  if (!isSectionVisible(section, wizardContextOf(promotion))) return []
  return CHECKS[section](contextOf(promotion, clock)).issues
}

/** 001 §4: 'valid' | 'invalid' | 'neutral' for one section. */
export function getSectionValidity(promotion: PromotionForValidity, section: SectionKey, clock: Clock): SectionValidity {
  const wizard = wizardContextOf(promotion)
  if (!isSectionVisible(section, wizard)) return 'neutral'
  if (section === 'attachments' && promotion.managedSubmission === false) return 'neutral'
  const { applicable, issues } = CHECKS[section](contextOf(promotion, clock))
  if (issues.length > 0) return 'invalid'
  return applicable ? 'valid' : 'neutral'
}

/** A step is invalid if any visible section is; valid if all are valid or neutral with one valid; else neutral. */
export function getStepValidity(promotion: PromotionForValidity, step: StepKey, clock: Clock): SectionValidity {
  const wizard = wizardContextOf(promotion)
  const found = getWizardSteps(wizard).find((s) => s.key === step)
  if (!found) return 'neutral'
  const results = getVisibleSections(found, wizard).map((section) => getSectionValidity(promotion, section, clock))
  if (results.includes('invalid')) return 'invalid'
  return results.includes('valid') ? 'valid' : 'neutral'
}

/** 001 §4: the application is complete when no step is invalid. */
export function isApplicationComplete(promotion: PromotionForValidity, clock: Clock): boolean {
  return getWizardSteps(wizardContextOf(promotion)).every((step) => getStepValidity(promotion, step.key, clock) !== 'invalid')
}

/** Every issue of every visible section of the promotion's steps, keyed like `modelState`. */
export function getApplicationIssues(promotion: PromotionForValidity, clock: Clock): Record<string, string[]> {
  const wizard = wizardContextOf(promotion)
  const modelState: Record<string, string[]> = {}
  for (const step of getWizardSteps(wizard)) {
    for (const section of getVisibleSections(step, wizard)) {
      if (section === 'attachments' && promotion.managedSubmission === false) continue
      for (const { path, message } of getSectionIssues(promotion, section, clock)) {
        const key = path.join('.')
        const list = (modelState[key] ??= [])
        if (!list.includes(message)) list.push(message)
      }
    }
  }
  return modelState
}

/** completedSections (001 §3): the visible sections that are valid. */
export function getCompletedSections(promotion: PromotionForValidity, clock: Clock): SectionKey[] {
  const wizard = wizardContextOf(promotion)
  return getWizardSteps(wizard)
    .flatMap((step) => getVisibleSections(step, wizard))
    .filter((section) => getSectionValidity(promotion, section, clock) === 'valid')
}
