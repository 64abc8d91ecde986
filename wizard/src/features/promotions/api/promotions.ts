/** /api/promotion/* and /api/promotionNote/* (001 §7), one function per call. */
import { promotionFromWire, type PermitStatusView, type Promotion, type PromotionListItem } from '@permitdesk/shared'

export type { PermitStatusView, Promotion, PromotionListItem }
import { quiet } from '../../../lib/api-client'
import { typedApi, type ApiBody } from '../../../lib/typed-api'

export type SortColumn = 'date' | 'name' | 'status' | 'startDate' | 'totalPrizeValue'
export type ListParams = { archived: boolean; sort: SortColumn; direction: 'asc' | 'desc'; after: number; count: number; search?: string }

export const createPromotion = (payload: ApiBody<'/promotion/create'>) => typedApi.post('/promotion/create', payload, quiet) as Promise<{ id: number }>
export const modifyPromotion = (payload: ApiBody<'/promotion/modify'>) => typedApi.post('/promotion/modify', payload, quiet) as Promise<{ id: number }>
/** Amounts arrive in dollars; the screens compute and display in cents (promotionFromWire). */
export const getPromotion = async (id: number) => promotionFromWire((await typedApi.get('/promotion/get', { query: { id }, ...quiet })) as Promotion)
export const listPromotions = async (params: ListParams) => {
  const answer = (await typedApi.get('/promotion/list', { query: { ...params, search: params.search || undefined, getTotal: true }, ...quiet })) as {
    promotions: PromotionListItem[]
    promotionCount: number | null
  }
  return { ...answer, promotions: answer.promotions.map(promotionFromWire) }
}
export const archivePromotion = (id: number, archived: boolean) =>
  typedApi.post('/promotion/archive', { id, archived }, quiet) as Promise<{ id: number; archived: boolean }>
export const deletePromotion = (id: number) => typedApi.post('/promotion/delete', { id }, quiet) as Promise<{ id: number; deleted: boolean }>
export const requestLawyerContact = (id: number) =>
  typedApi.post('/promotion/requestLawyerContact', { id }, quiet) as Promise<{ id: number; lawyerContactRequested: boolean }>

export type PromotionNote = { id: number; note: string; promotion_id: number; createdAt: string; updatedAt: string }
export const getNotes = (promotionId: number) => typedApi.get('/promotionNote/get', { query: { id: promotionId }, ...quiet }) as Promise<PromotionNote[]>
export const saveNote = (note: { id?: number; note: string; promotion_id: number }) =>
  typedApi.post('/promotionNote/save', note, quiet) as Promise<PromotionNote>
export const deleteNote = (id: number) => typedApi.post('/promotionNote/delete', { id }, quiet) as Promise<{ id: number }>

export type SupportItem = { id: number; question: string; answer: string }
export const getPromotionListFaqs = () => typedApi.get('/SupportItem/getPromotionListFAQs', { ...quiet, redirectOn401: false }) as Promise<SupportItem[]>
