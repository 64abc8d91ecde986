/** The screening calls (issue 27): one place for the Screening tab's fetchers. */
import type { FlagKind } from '@permitdesk/shared'
import { api, quiet } from '../../../lib/api-client'

export type ScreeningCounts = { total: number; flagged: number; excluded: number; kept: number; undecided: number; groups: number }
export type Decision = 'keep' | 'exclude'
export type ScreenedEntry = {
  entryNumber: number
  receivedAt: string
  channel: string
  name: string | null
  email: string | null
  phone: string | null
  postcode: string | null
  state: string | null
  original: boolean
  explanation: string
  decision: Decision | null
  decisionReason: string | null
  decisionClause: string | null
  decidedAt: string | null
}
export type FlaggedGroup = {
  group: string
  kind: FlagKind
  label: string
  size: number
  excluded: number
  kept: number
  undecided: number
  explanation: string
  more: number
  entries: ScreenedEntry[]
}
export type ScreeningPage = {
  counts: ScreeningCounts
  frozen: boolean
  screenedAt: string | null
  page: number
  pageCount: number
  groupCount: number
  groups: FlaggedGroup[]
}
export type DecideBody = { promotionId: number; decision: Decision; reason: string; clause?: string; group?: string; entryNumbers?: number[] }
export type FreezeAnswer = { drawId: number; publicId: string; entryCount: number; entriesHash: string; excluded: number; exclusionLines: string[] }

export const screeningKey = (promotionId: number) => ['entries-screening', promotionId] as const

export const getScreening = (promotionId: number, page: number, kind: string, undecided: boolean) =>
  api.get<ScreeningPage>('/api/entries/screening', { query: { promotionId, page, kind: kind || undefined, undecided: undecided ? 'true' : undefined } })
export const screenAgain = (promotionId: number) => api.post<ScreeningCounts>('/api/entries/screen', { promotionId }, quiet)
export const decide = (body: DecideBody) => api.post<{ decided: number; counts: ScreeningCounts }>('/api/entries/decide', body, quiet)
export const freeze = (promotionId: number) => api.post<FreezeAnswer>('/api/entries/freeze', { promotionId }, quiet)
