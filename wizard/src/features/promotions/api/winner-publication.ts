/** The winner publication service (issue 25): when and where the draws publish the winners (GET /api/draw/list). */
import { typedApi } from '../../../lib/typed-api'

export type WinnerPublicationView = { state: 'ACT' | 'SA'; publishAt: string; publishedAt: string | null }
/** The part of a draw record this screen reads; the draw screen owns the rest. */
export type DrawPublications = {
  id: number
  title: string
  status: string
  cancelledAt: string | null
  winnerPublications: WinnerPublicationView[]
  winnersUrl: string | null
}

export const drawPublicationsKey = (promotionId: number) => ['promotions', 'draw-publications', promotionId] as const

export function getDrawPublications(promotionId: number): Promise<DrawPublications[]> {
  return typedApi.get('/draw/list', { query: { promotionId } }) as Promise<DrawPublications[]>
}
