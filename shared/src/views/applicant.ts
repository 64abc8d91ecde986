/**
 * The wire shapes of GET /api/applicant/getReuseList, /get and /getLatest (001 §7): the API
 * builds them, the wizard reads them; one definition for both (issue 11: no hand copies). The reuse
 * list row is `ApplicantReuseItem` in wire/responses.ts (its zod schema documents the call).
 */
import type { ApplicantDraft } from '../validation/permit-save'

/** GET /api/applicant/get and getLatest: the stored applicant draft, keyed by its promotion. */
export type ApplicantView = ApplicantDraft & { id: number; promotionId: number }
