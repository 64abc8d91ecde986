/** /api/terms/* and approveTermsAndConditions (issue 14). */
import { api, query, quiet } from '../../../lib/api-client'

export type TermsVersion = {
  number: number
  kind: string
  reason: string
  html: string
  abridgedHtml: string | null
  libraryRevision: string | null
  createdByStaff: boolean
  createdAt: string
  approvedAt: string | null
}

export type Terms = {
  status: 'not-generated' | 'awaiting-approval' | 'approved'
  kind: 'chance' | 'skill'
  versionNumber: number | null
  html: string | null
  abridgedHtml: string | null
  hostedUrl: string | null
  pdfUrl: string | null
  canGenerate: boolean
  canApprove: boolean
  /** Issue 22: what to pay (and where) before approval, the PDF and the hosted page; null when nothing is owed. */
  awaitingPayment: string | null
  canEdit: boolean
  skillsBasedTCEditWindow: string | null
  skillsBasedTCPaymentOption: string | null
  skillsBasedTCEditWindowDays: number | null
  skillsBasedTCPurchasedAt: string | null
  versions: TermsVersion[]
}

export const getTerms = (promotionId: number) => api.get<Terms>(`/api/terms/get${query({ promotionId })}`, quiet)
export const generateTerms = (promotionId: number) =>
  api.post<{ versionNumber: number; created: boolean; message: string | null; reason: string }>('/api/terms/generate', { promotionId }, quiet)
export const approveTerms = (id: number) =>
  api.post<{ id: number; versionNumber: number; statusId: number }>('/api/promotion/approveTermsAndConditions', { id }, quiet)
export const saveTermsVersion = (promotionId: number, html: string) =>
  api.post<{ versionNumber: number }>('/api/terms/saveVersion', { promotionId, html }, quiet)
