/** /api/terms/* and approveTermsAndConditions (issue 14). */
import { quiet } from '../../../lib/api-client'
import { typedApi } from '../../../lib/typed-api'

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

export const getTerms = (promotionId: number) => typedApi.get('/terms/get', { query: { promotionId }, ...quiet }) as Promise<Terms>
export const generateTerms = (promotionId: number) =>
  typedApi.post('/terms/generate', { promotionId }, quiet) as Promise<{ versionNumber: number; created: boolean; message: string | null; reason: string }>
export const approveTerms = (id: number) =>
  typedApi.post('/promotion/approveTermsAndConditions', { id }, quiet) as Promise<{ id: number; versionNumber: number; statusId: number }>
export const saveTermsVersion = (promotionId: number, html: string) =>
  typedApi.post('/terms/saveVersion', { promotionId, html }, quiet) as Promise<{ versionNumber: number }>
