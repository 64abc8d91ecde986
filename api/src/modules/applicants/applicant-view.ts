import { ApplicantDraftSchema, type ApplicantDraft, type ApplicantReuseItem, type ApplicantView } from '@permitdesk/shared'
import type { ApplicantRow } from './applicants.repository'

/** The wire shapes are shared with the wizard (shared/src/views/applicant.ts). */
export type { ApplicantReuseItem, ApplicantView }

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
