import type { ApplicantReuseListQuery } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { Owner } from '../promotions/promotions.repository'
import { toReuseItem, type ApplicantReuseItem } from './applicant-view'
import { findReusableApplicants } from './applicants.repository'

/**
 * GET /api/applicant/getReuseList (001 §7): the signed-in user's own applicants to copy into the
 * promotion being edited (`exclude`), newest first, at most 20; `search` matches the promotion
 * name or the organisation.
 */
export async function getApplicantReuseList(db: Db, owner: Owner, query: ApplicantReuseListQuery): Promise<ApplicantReuseItem[]> {
  const rows = await findReusableApplicants(db, owner, query)
  return rows.map(toReuseItem)
}
