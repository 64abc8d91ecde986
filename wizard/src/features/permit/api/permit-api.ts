/** The permit application's calls (001 §7), through the app's one fetch wrapper. */
import { permitDraftToWire, promotionFromWire, type ApplicantReuseItem, type ApplicantView, type Promotion, type PromotionListItem } from '@permitdesk/shared'
import { api, apiRequest, query, quiet } from '../../../lib/api-client'

export type { ApplicantReuseItem, Promotion }
export type SaveOptions = { keepalive?: boolean }

// Amounts travel in dollars (DESIGN.md §4); the editor keeps its draft in cents for the shared rules.
export const getPromotion = async (id: number) => promotionFromWire(await api.get<Promotion>(`/api/promotion/get${query({ id })}`, quiet))
export const savePromotion = async (payload: Record<string, unknown>, { keepalive }: SaveOptions = {}) =>
  promotionFromWire(await apiRequest<Promotion>('POST', '/api/promotion/save', { body: permitDraftToWire(payload), notify: false, keepalive }))
export const saveAttachments = async (payload: { id: number; versionNumber: number; attachments: unknown[] }) =>
  promotionFromWire(await api.post<Promotion>('/api/promotion/saveAttachments', payload, quiet))
export const saveNswAuthority = async (payload: {
  id: number
  versionNumber: number
  hasNswAuthority: boolean
  nswAuthorityNumber?: string | null
  nswAuthorityExpiration?: string | null
  nswAuthorityDuration?: number | null
}) => promotionFromWire(await api.post<Promotion>('/api/promotion/saveNswAuthority', payload, quiet))
export const getPromotionReuseList = async (exclude: number, search = '') =>
  (await api.get<PromotionListItem[]>(`/api/promotion/getReuseList${query({ exclude, search })}`, quiet)).map(promotionFromWire)

export const getApplicantReuseList = (exclude: number, managedSubmission: boolean, search = '') =>
  api.get<ApplicantReuseItem[]>(`/api/applicant/getReuseList${query({ exclude, search, managedSubmission })}`, quiet)
export const getApplicant = (id: number, managedSubmission: boolean) => api.get<ApplicantView>(`/api/applicant/get${query({ id, managedSubmission })}`, quiet)
export const getLatestApplicant = (managedSubmission: boolean) =>
  api.get<ApplicantView | null>(`/api/applicant/getLatest${query({ managedSubmission })}`, quiet)

export type ComplianceNote = { id: number; promotionId: number; categorySlug: string; text: string; createdAt: string }
export const getComplianceNotes = (promotionId: number) => api.get<ComplianceNote[]>(`/api/ComplianceNote/get${query({ promotionId })}`, quiet)
export const createComplianceNote = (note: { promotionId: number; categorySlug: string; text: string }) =>
  api.post<ComplianceNote>('/api/ComplianceNote/create', note, quiet)
export const deleteComplianceNote = (id: number) => api.post<{ id: number }>('/api/ComplianceNote/delete', { id }, quiet)

export type SupportItem = { id: number; question: string; answer: string }
export const getFormFaqs = () => api.get<SupportItem[]>('/api/SupportItem/getFormFAQs', quiet)

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
