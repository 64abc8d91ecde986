/** /api/promotion/* and /api/promotionNote/* (001 §7), one function per call. */
import { promotionFromWire, type PermitStatusView, type Promotion, type PromotionListItem } from '@permitdesk/shared'

export type { PermitStatusView, Promotion, PromotionListItem }
import { api, query, quiet } from '../../../lib/api-client'

export type SortColumn = 'date' | 'name' | 'status' | 'startDate' | 'totalPrizeValue'
export type ListParams = { archived: boolean; sort: SortColumn; direction: 'asc' | 'desc'; after: number; count: number; search?: string }

export const createPromotion = (payload: unknown) => api.post<{ id: number }>('/api/promotion/create', payload, quiet)
export const modifyPromotion = (payload: unknown) => api.post<{ id: number }>('/api/promotion/modify', payload, quiet)
/** Amounts arrive in dollars; the screens compute and display in cents (promotionFromWire). */
export const getPromotion = async (id: number) => promotionFromWire(await api.get<Promotion>(`/api/promotion/get${query({ id })}`, quiet))
export const listPromotions = async (params: ListParams) => {
  const answer = await api.get<{ promotions: PromotionListItem[]; promotionCount: number | null }>(
    `/api/promotion/list${query({ ...params, getTotal: true })}`,
    quiet,
  )
  return { ...answer, promotions: answer.promotions.map(promotionFromWire) }
}
export const archivePromotion = (id: number, archived: boolean) =>
  api.post<{ id: number; archived: boolean }>('/api/promotion/archive', { id, archived }, quiet)
export const deletePromotion = (id: number) => api.post<{ id: number; deleted: boolean }>('/api/promotion/delete', { id }, quiet)
export const requestLawyerContact = (id: number) =>
  api.post<{ id: number; lawyerContactRequested: boolean }>('/api/promotion/requestLawyerContact', { id }, quiet)

export type PromotionNote = { id: number; note: string; promotion_id: number; createdAt: string; updatedAt: string }
export const getNotes = (promotionId: number) => api.get<PromotionNote[]>(`/api/promotionNote/get${query({ id: promotionId })}`, quiet)
export const saveNote = (note: { id?: number; note: string; promotion_id: number }) => api.post<PromotionNote>('/api/promotionNote/save', note, quiet)
export const deleteNote = (id: number) => api.post<{ id: number }>('/api/promotionNote/delete', { id }, quiet)

export type SupportItem = { id: number; question: string; answer: string }
export const getPromotionListFaqs = () => api.get<SupportItem[]>('/api/SupportItem/getPromotionListFAQs', { ...quiet, redirectOn401: false })
