/**
 * Applicants (001 §3) are stored per promotion, in `promotions.applicant` (jsonb): there is no
 * applicant table, and an applicant's id is its promotion's id. Only this module writes SQL for them.
 */
import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import { promotions } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'
import type { Owner } from '../promotions/promotions.repository'

export const REUSE_LIST_LIMIT = 20

/** The applicant's organisation (text, or null when the applicant or the field is missing). */
const organisation = sql<string | null>`${promotions.applicant} ->> 'organisation'`

/**
 * A promotion "has an applicant" when one was saved with an organisation: a draft saved before the
 * applicant step was filled in has nothing worth reusing.
 */
const hasApplicant = sql`btrim(coalesce(${organisation}, '')) <> ''`

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export type ApplicantFilter = { managedSubmission?: boolean; search?: string; exclude?: number }

/** The owner's own non-deleted promotions that have an applicant (staff too: their own, not everyone's). */
function ownApplicants(owner: Owner, filter: ApplicantFilter): SQL {
  const conditions: SQL[] = [eq(promotions.userId, owner.userId), eq(promotions.deleted, false), hasApplicant]
  if (filter.managedSubmission !== undefined) conditions.push(eq(promotions.managedSubmission, filter.managedSubmission))
  if (filter.exclude !== undefined) conditions.push(ne(promotions.id, filter.exclude))
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`
    conditions.push(or(ilike(promotions.name, pattern), sql`${organisation} ilike ${pattern}`)!)
  }
  return and(...conditions)!
}

const applicantColumns = {
  promotionId: promotions.id,
  promotionName: promotions.name,
  managedSubmission: promotions.managedSubmission,
  applicant: promotions.applicant,
  updatedAt: promotions.updatedAt,
}
export type ApplicantRow = {
  promotionId: number
  promotionName: string
  managedSubmission: boolean
  applicant: Record<string, unknown> | null
  updatedAt: Date
}

/** GET /api/applicant/getReuseList: the owner's applicants to copy from, most recently updated first. */
export async function findReusableApplicants(db: DbOrTx, owner: Owner, filter: ApplicantFilter, limit = REUSE_LIST_LIMIT): Promise<ApplicantRow[]> {
  return db.select(applicantColumns).from(promotions).where(ownApplicants(owner, filter)).orderBy(desc(promotions.updatedAt), desc(promotions.id)).limit(limit)
}

/** GET /api/applicant/getLatest: the applicant of the owner's most recently updated promotion that has one. */
export async function findLatestApplicant(db: DbOrTx, owner: Owner, filter: Pick<ApplicantFilter, 'managedSubmission'>): Promise<ApplicantRow | undefined> {
  const [row] = await findReusableApplicants(db, owner, filter, 1)
  return row
}
