/** The permit application's calls (001 §7), through the app's one fetch wrapper. */
import { permitDraftToWire, promotionFromWire, type ApplicantDraft, type Promotion, type PromotionListItem } from '@permitdesk/shared'
import { apiRequest } from '../../../lib/api-client'
import { query, request } from '../../promotions/api/request'

export type { Promotion }
export type SaveOptions = { keepalive?: boolean }

// Amounts travel in dollars (DESIGN.md §4); the editor keeps its draft in cents for the shared rules.
export const getPromotion = async (id: number) => promotionFromWire(await request<Promotion>('GET', `/api/promotion/get${query({ id })}`))
export const savePromotion = async (payload: Record<string, unknown>, { keepalive }: SaveOptions = {}) =>
  promotionFromWire(await apiRequest<Promotion>('POST', '/api/promotion/save', { body: permitDraftToWire(payload), notify: false, keepalive }))
export const saveAttachments = async (payload: { id: number; versionNumber: number; attachments: unknown[] }) =>
  promotionFromWire(await request<Promotion>('POST', '/api/promotion/saveAttachments', payload))
export const saveNswAuthority = async (payload: {
  id: number
  versionNumber: number
  hasNswAuthority: boolean
  nswAuthorityNumber?: string | null
  nswAuthorityExpiration?: string | null
  nswAuthorityDuration?: number | null
}) => promotionFromWire(await request<Promotion>('POST', '/api/promotion/saveNswAuthority', payload))
export const getPromotionReuseList = async (exclude: number, search = '') =>
  (await request<PromotionListItem[]>('GET', `/api/promotion/getReuseList${query({ exclude, search })}`)).map(promotionFromWire)

export type ApplicantReuseItem = { id: number; promotionId: number; promotionName: string; organisation: string; contactName: string; updatedAt: string }
export const getApplicantReuseList = (exclude: number, managedSubmission: boolean, search = '') =>
  request<ApplicantReuseItem[]>('GET', `/api/applicant/getReuseList${query({ exclude, search, managedSubmission })}`)
export const getApplicant = (id: number, managedSubmission: boolean) =>
  request<ApplicantDraft & { promotionId: number }>('GET', `/api/applicant/get${query({ id, managedSubmission })}`)
export const getLatestApplicant = (managedSubmission: boolean) =>
  request<(ApplicantDraft & { promotionId: number }) | null>('GET', `/api/applicant/getLatest${query({ managedSubmission })}`)

export type ComplianceNote = { id: number; promotionId: number; categorySlug: string; text: string; createdAt: string }
export const getComplianceNotes = (promotionId: number) => request<ComplianceNote[]>('GET', `/api/ComplianceNote/get${query({ promotionId })}`)
export const createComplianceNote = (note: { promotionId: number; categorySlug: string; text: string }) =>
  request<ComplianceNote>('POST', '/api/ComplianceNote/create', note)
export const deleteComplianceNote = (id: number) => request<{ id: number }>('POST', '/api/ComplianceNote/delete', { id })

export type SupportItem = { id: number; question: string; answer: string }
export const getFormFaqs = () => request<SupportItem[]>('GET', '/api/SupportItem/getFormFAQs')

export type UploadAnswer = { serverFileName: string; headerFileName: string; fileExtension: string; date: string; message: string }

/**
 * POST /api/Upload with progress (fetch has no upload progress; XMLHttpRequest does). Rejects
 * with the server's message, or undefined so the caller shows the spec's default.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/Upload')
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: { message?: string } | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadAnswer)
      else reject(new Error(body?.message || ''))
    }
    xhr.onerror = () => reject(new Error(''))
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
