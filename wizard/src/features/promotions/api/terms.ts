import { request, query } from './request'

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
  canEdit: boolean
  skillsBasedTCEditWindow: string | null
  versions: TermsVersion[]
}

export const getTerms = (promotionId: number) => request<Terms>('GET', `/api/terms/get${query({ promotionId })}`)
export const generateTerms = (promotionId: number) => request<{ versionNumber: number }>('POST', '/api/terms/generate', { promotionId })
export const approveTerms = (id: number) => request<{ id: number; versionNumber: number; statusId: number }>('POST', '/api/promotion/approveTermsAndConditions', { id })
export const saveTermsVersion = (promotionId: number, html: string) => request<{ versionNumber: number }>('POST', '/api/terms/saveVersion', { promotionId, html })
