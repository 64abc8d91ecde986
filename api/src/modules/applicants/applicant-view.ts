import { ApplicantDraftSchema, type ApplicantDraft } from '@permitdesk/shared'
import type { ApplicantRow } from './applicants.repository'

/**
 * One row of GET /api/applicant/getReuseList. Applicants are stored per promotion, so the
 * applicant's `id` IS its promotion's id (`id === promotionId`): the wizard passes it to
 * `applicant/get?id=` and records it as the applicant's `reuseFromPromotion`.
 */
export type ApplicantReuseItem = {
  id: number
  promotionId: number
  promotionName: string
  organisation: string
  contactName: string | null
  updatedAt: string
}

/** GET /api/applicant/get and getLatest: the stored applicant draft, keyed by its promotion. */
export type ApplicantView = ApplicantDraft & { id: number; promotionId: number }

const APPLICANT_FIELDS = Object.keys(ApplicantDraftSchema.shape) as (keyof ApplicantDraft)[]

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function contactNameOf(applicant: Record<string, unknown>): string | null {
  const contact = applicant.contact
  if (!contact || typeof contact !== 'object') return null
  const { firstName, lastName } = contact as Record<string, unknown>
  return [text(firstName), text(lastName)].filter(Boolean).join(' ') || null
}

export function toReuseItem(row: ApplicantRow): ApplicantReuseItem {
  const applicant = row.applicant ?? {}
  return {
    id: row.promotionId,
    promotionId: row.promotionId,
    promotionName: row.promotionName,
    organisation: text(applicant.organisation),
    contactName: contactNameOf(applicant),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The applicant as saved with the promotion (validated by ApplicantDraftSchema on save), limited
 * to the ApplicantDraft fields. `id` and `promotionId` are always the promotion it belongs to,
 * whatever promotion it was once copied from (that one is `reuseFromPromotion`).
 */
export function toApplicantView(promotionId: number, applicant: Record<string, unknown>): ApplicantView {
  const view: Record<string, unknown> = {}
  for (const field of APPLICANT_FIELDS) if (applicant[field] !== undefined) view[field] = applicant[field]
  return { ...(view as ApplicantDraft), id: promotionId, promotionId }
}

/** A stored applicant value that is an applicant at all (the column is nullable jsonb). */
export function isStoredApplicant(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
