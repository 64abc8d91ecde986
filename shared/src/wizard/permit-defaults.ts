/**
 * Defaults and prefill of the permit application (001 §5 "Date and default rules"), as pure
 * functions over the wizard's draft so the screen and the tests share them.
 */
import { NSW_AUTHORITY_DEFAULT_DURATION } from '../constants'
import { isValidIsoDate, type Clock } from '../dates/calendar'
import {
  DEFAULT_PERMIT_ANSWERS,
  DEFAULT_TIMES,
  defaultActPublicationDate,
  defaultNotificationDate,
  defaultPermitDates,
  defaultRequiredDate,
  defaultUnclaimedDrawDate,
} from '../dates/defaults'
import type { AddressDraft } from '../validation/common'
import type { ApplicantDraft, PermitSave } from '../validation/permit-save'

type PermitDraftish = Partial<PermitSave['permit']>
export type ApplicationDraft = Partial<Omit<PermitSave, 'permit'>> & { permit?: PermitDraftish | null }

export interface PrefillAccount {
  authorisedAgent?: boolean | null
  accountName?: string | null
  firstName?: string | null
  lastName?: string | null
  email?: string | null
  phone?: string | null
  agentBusinessAddress?: AddressDraft | null
}

/** The application has never been filled in: no dates and no applicant yet. */
export function isFirstTimeApplication(draft: ApplicationDraft): boolean {
  const permit = draft.permit ?? {}
  return !permit.startDate && !permit.endDate && !permit.applicant?.organisation && !permit.applicant?.contact?.firstName
}

/**
 * 001 §5 first-time prefill: start/end dates and times, the required date, under-18s yes and
 * inducements no; for a non-agent the applicant's organisation and contact come from the account
 * and the latest applicant is reused; for an agent the final draw location defaults to the
 * agency's address and name.
 */
export function prefillApplication<T extends ApplicationDraft>(
  draft: T,
  { account, latestApplicant, clock }: { account: PrefillAccount | null; latestApplicant?: ApplicantDraft | null; clock: Clock },
): T {
  const permit: PermitDraftish = { ...(draft.permit ?? {}) }
  const dates = defaultPermitDates(clock)
  permit.startDate ||= dates.startDate
  permit.startTime ||= dates.startTime
  permit.endDate ||= dates.endDate
  permit.endTime ||= dates.endTime
  permit.requiredDate ||= defaultRequiredDate(permit.startDate, clock)
  permit.under18s ??= DEFAULT_PERMIT_ANSWERS.under18s
  permit.inducementsOffered ??= DEFAULT_PERMIT_ANSWERS.inducementsOffered
  permit.finalDraw = { ...(permit.finalDraw ?? {}), time: permit.finalDraw?.time || DEFAULT_TIMES.finalDraw }
  permit.unclaimedDraw = { ...(permit.unclaimedDraw ?? {}), time: permit.unclaimedDraw?.time || DEFAULT_TIMES.unclaimedDraw }

  let applicant: ApplicantDraft = { ...(permit.applicant ?? {}) }
  if (account && !account.authorisedAgent) {
    if (latestApplicant) {
      const { id: _id, promotionId: _promotionId, ...reused } = latestApplicant
      applicant = { ...reused, ...stripEmpty(applicant) }
    } else {
      applicant.organisation ||= account.accountName ?? null
      applicant.contact = {
        ...applicant.contact,
        firstName: applicant.contact?.firstName || account.firstName || null,
        lastName: applicant.contact?.lastName || account.lastName || null,
        email: applicant.contact?.email || account.email || null,
        phone: applicant.contact?.phone || account.phone || null,
      }
    }
  }
  if (account?.authorisedAgent) {
    permit.finalDraw = {
      ...permit.finalDraw,
      locationAddress: permit.finalDraw?.locationAddress ?? account.agentBusinessAddress ?? null,
      locationOrganisation: permit.finalDraw?.locationOrganisation || account.accountName || null,
    }
  }
  applicant.nswAuthorityDuration ??= NSW_AUTHORITY_DEFAULT_DURATION
  permit.applicant = applicant
  return { ...draft, permit }
}

function stripEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '')) as Partial<T>
}

/**
 * 001 §5 dependent dates: when the start or final draw date changes, the dates that default from
 * it follow — unless the user has set them to something other than the old default.
 */
export function applyDependentDefaults<T extends ApplicationDraft>(previous: T, next: T, clock: Clock): T {
  const before = previous.permit ?? {}
  const permit: PermitDraftish = { ...(next.permit ?? {}) }
  let result = next
  const follows = (current: string | null | undefined, oldDefault: string | null) => !current || current === oldDefault

  if (permit.startDate !== before.startDate && isValidIsoDate(permit.startDate)) {
    const oldDefault = isValidIsoDate(before.startDate) ? defaultRequiredDate(before.startDate, clock) : null
    if (follows(permit.requiredDate, oldDefault)) permit.requiredDate = defaultRequiredDate(permit.startDate, clock)
  }

  const oldDraw = before.finalDraw?.date
  const newDraw = permit.finalDraw?.date
  const drawChanged = newDraw !== oldDraw || permit.drawMethodsValue !== before.drawMethodsValue
  if (drawChanged && isValidIsoDate(newDraw)) {
    const had = isValidIsoDate(oldDraw)
    const unclaimed = permit.unclaimedDraw ?? {}
    if (follows(unclaimed.date, had ? defaultUnclaimedDrawDate(oldDraw) : null)) {
      permit.unclaimedDraw = { ...unclaimed, date: defaultUnclaimedDrawDate(newDraw) }
    }
    const notification = permit.finalDraw?.notification ?? {}
    if (follows(notification.date, had ? defaultNotificationDate(oldDraw, before.drawMethodsValue) : null)) {
      permit.finalDraw = { ...permit.finalDraw, notification: { ...notification, date: defaultNotificationDate(newDraw, permit.drawMethodsValue) } }
    }
    if (follows(next.prizePublicationDateACT, had ? defaultActPublicationDate(oldDraw) : null)) {
      result = { ...result, prizePublicationDateACT: defaultActPublicationDate(newDraw) }
    }
  }
  return { ...result, permit }
}
