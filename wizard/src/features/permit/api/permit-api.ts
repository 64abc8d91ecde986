/** The permit application's calls (001 §7), through the app's one fetch wrapper. */
import { permitDraftToWire, promotionFromWire, type ApplicantReuseItem, type ApplicantView, type Promotion, type PromotionListItem } from '@permitdesk/shared'
import { quiet } from '../../../lib/api-client'
import { apiHref, typedApi, type ApiBody } from '../../../lib/typed-api'

export type { ApplicantReuseItem, Promotion }
export type SaveOptions = { keepalive?: boolean }

// Amounts travel in dollars (DESIGN.md §4); the editor keeps its draft in cents for the shared rules.
export const getPromotion = async (id: number) => promotionFromWire((await typedApi.get('/promotion/get', { query: { id }, ...quiet })) as Promotion)
export const savePromotion = async (payload: Record<string, unknown>, { keepalive }: SaveOptions = {}) =>
  promotionFromWire(
    (await typedApi.post('/promotion/save', permitDraftToWire(payload) as ApiBody<'/promotion/save'>, { notify: false, keepalive })) as Promotion,
  )
export const saveAttachments = async (payload: ApiBody<'/promotion/saveAttachments'>) =>
  promotionFromWire((await typedApi.post('/promotion/saveAttachments', payload, quiet)) as Promotion)
export const saveNswAuthority = async (payload: {
  id: number
  versionNumber: number
  hasNswAuthority: boolean
  nswAuthorityNumber?: string | null
  nswAuthorityExpiration?: string | null
  nswAuthorityDuration?: number | null
}) => promotionFromWire((await typedApi.post('/promotion/saveNswAuthority', payload, quiet)) as Promotion)
export const getPromotionReuseList = async (exclude: number, search = '') =>
  ((await typedApi.get('/promotion/getReuseList', { query: { exclude, search: search || undefined }, ...quiet })) as PromotionListItem[]).map(promotionFromWire)

export const getApplicantReuseList = (exclude: number, managedSubmission: boolean, search = '') =>
  typedApi.get('/applicant/getReuseList', { query: { exclude, search: search || undefined, managedSubmission }, ...quiet }) as Promise<ApplicantReuseItem[]>
export const getApplicant = (id: number, managedSubmission: boolean) =>
  typedApi.get('/applicant/get', { query: { id, managedSubmission }, ...quiet }) as Promise<ApplicantView>
export const getLatestApplicant = (managedSubmission: boolean) =>
  typedApi.get('/applicant/getLatest', { query: { managedSubmission }, ...quiet }) as Promise<ApplicantView | null>

export type ComplianceNote = { id: number; promotionId: number; categorySlug: string; text: string; createdAt: string }
export const getComplianceNotes = (promotionId: number) =>
  typedApi.get('/ComplianceNote/get', { query: { promotionId }, ...quiet }) as Promise<ComplianceNote[]>
export const createComplianceNote = (note: { promotionId: number; categorySlug: string; text: string }) =>
  typedApi.post('/ComplianceNote/create', note, quiet) as Promise<ComplianceNote>
export const deleteComplianceNote = (id: number) => typedApi.post('/ComplianceNote/delete', { id }, quiet) as Promise<{ id: number }>

export type SupportItem = { id: number; question: string; answer: string }
export const getFormFaqs = () => typedApi.get('/SupportItem/getFormFAQs', quiet) as Promise<SupportItem[]>

export type UploadAnswer = { serverFileName: string; headerFileName: string; fileExtension: string; date: string; message: string }

/**
 * POST /api/Upload with progress (fetch has no upload progress; XMLHttpRequest does). Rejects
 * with the server's message, or undefined so the caller shows the spec's default.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiHref('post', '/Upload'))
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
