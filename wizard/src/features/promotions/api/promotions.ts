/** /api/promotion/* and /api/promotionNote/* (001 §7), one function per call. */
import { promotionFromWire, type PermitStatusView, type Promotion, type PromotionListItem } from '@permitdesk/shared'

export type { PermitStatusView, Promotion, PromotionListItem }
import { query, request } from './request'

export type SortColumn = 'date' | 'name' | 'status' | 'startDate' | 'totalPrizeValue'
export type ListParams = { archived: boolean; sort: SortColumn; direction: 'asc' | 'desc'; after: number; count: number; search?: string }

export const createPromotion = (payload: unknown) => request<{ id: number }>('POST', '/api/promotion/create', payload)
export const modifyPromotion = (payload: unknown) => request<{ id: number }>('POST', '/api/promotion/modify', payload)
/** Amounts arrive in dollars; the screens compute and display in cents (promotionFromWire). */
export const getPromotion = async (id: number) => promotionFromWire(await request<Promotion>('GET', `/api/promotion/get${query({ id })}`))
export const listPromotions = async (params: ListParams) => {
  const answer = await request<{ promotions: PromotionListItem[]; promotionCount: number | null }>('GET', `/api/promotion/list${query({ ...params, getTotal: true })}`)
  return { ...answer, promotions: answer.promotions.map(promotionFromWire) }
}
export const archivePromotion = (id: number, archived: boolean) => request<{ id: number; archived: boolean }>('POST', '/api/promotion/archive', { id, archived })
export const deletePromotion = (id: number) => request<{ id: number; deleted: boolean }>('POST', '/api/promotion/delete', { id })
export const requestLawyerContact = (id: number) => request<{ id: number; lawyerContactRequested: boolean }>('POST', '/api/promotion/requestLawyerContact', { id })

export type PromotionNote = { id: number; note: string; promotion_id: number; createdAt: string; updatedAt: string }
export const getNotes = (promotionId: number) => request<PromotionNote[]>('GET', `/api/promotionNote/get${query({ id: promotionId })}`)
export const saveNote = (note: { id?: number; note: string; promotion_id: number }) => request<PromotionNote>('POST', '/api/promotionNote/save', note)
export const deleteNote = (id: number) => request<{ id: number }>('POST', '/api/promotionNote/delete', { id })

export type SupportItem = { id: number; question: string; answer: string }
export const getPromotionListFaqs = () => request<SupportItem[]>('GET', '/api/SupportItem/getPromotionListFAQs', undefined, { redirectOn401: false })
