import { AppError, type ApplicantGetQuery } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { isStoredApplicant, toApplicantView, type ApplicantView } from './applicant-view'

/**
 * GET /api/applicant/get (001 §7): the applicant of promotion `id` (the applicant id is the
 * promotion id), for its owner or staff; another customer's is "not found", as a missing one.
 * `managedSubmission` is accepted as the spec's client sends it, but an explicit id needs no filter.
 */
export async function getApplicant(db: Db, owner: Owner, { id }: ApplicantGetQuery): Promise<ApplicantView> {
  const promotion = await findPromotion(db, owner, id)
  if (!promotion || !isStoredApplicant(promotion.applicant)) throw new AppError('NOT_FOUND')
  return toApplicantView(promotion.id, promotion.applicant)
}
