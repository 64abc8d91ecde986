import type { ApplicantLatestQuery } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { Owner } from '../promotions/promotions.repository'
import { isStoredApplicant, toApplicantView, type ApplicantView } from './applicant-view'
import { findLatestApplicant } from './applicants.repository'

/**
 * GET /api/applicant/getLatest (001 §7): the applicant of the signed-in user's most recently
 * updated promotion that has one (of the same kind when `managedSubmission` is given), to prefill
 * a new application; null when there is none.
 */
export async function getLatestApplicant(db: Db, owner: Owner, { managedSubmission }: ApplicantLatestQuery): Promise<ApplicantView | null> {
  const row = await findLatestApplicant(db, owner, { managedSubmission })
  return row && isStoredApplicant(row.applicant) ? toApplicantView(row.promotionId, row.applicant) : null
}
