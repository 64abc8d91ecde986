/**
 * The wire shapes of GET /api/applicant/getReuseList, /get and /getLatest (001 §7): the API
 * builds them, the wizard reads them; one definition for both (issue 11: no hand copies).
 */
import type { ApplicantDraft } from '../validation/permit-save'

/**
 * One row of the applicant reuse list. Applicants are stored per promotion, so `id` IS its
 * promotion's id (`id === promotionId`).
 */
export type ApplicantReuseItem = {
  id: number
  promotionId: number
  promotionName: string
  organisation: string
  /** The contact's name, or null when no contact was entered. */
  contactName: string | null
  updatedAt: string
}

/** GET /api/applicant/get and getLatest: the stored applicant draft, keyed by its promotion. */
export type ApplicantView = ApplicantDraft & { id: number; promotionId: number }
