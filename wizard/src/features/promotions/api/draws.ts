/** The promotion's draws as the dashboard needs them (issue 23): which has a hosted winners page. */
import { quiet } from '../../../lib/api-client'
import { typedApi } from '../../../lib/typed-api'

export type DrawSummary = { publicId: string; title: string; status: string; winnersUrl: string | null }

export const getDrawSummaries = (promotionId: number) => typedApi.get('/draw/list', { query: { promotionId }, ...quiet }) as Promise<DrawSummary[]>

/** The winners page to link: the newest draw that has one (a redraw's page follows its original's). */
export const winnersUrlOf = (draws: readonly DrawSummary[] | undefined): string | null =>
  [...(draws ?? [])].reverse().find((d) => d.winnersUrl)?.winnersUrl ?? null
