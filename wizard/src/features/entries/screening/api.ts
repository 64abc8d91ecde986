/** The screening calls (issue 27): one place for the Screening tab's fetchers. */
import type { FlagKind } from '@permitdesk/shared'
import { quiet } from '../../../lib/api-client'
import { typedApi, type ApiBody, type ApiQuery } from '../../../lib/typed-api'

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
export type DecideBody = ApiBody<'/entries/decide'>
export type FreezeAnswer = { drawId: number; publicId: string; entryCount: number; entriesHash: string; excluded: number; exclusionLines: string[] }

export const screeningKey = (promotionId: number) => ['entries-screening', promotionId] as const

export const getScreening = (promotionId: number, page: number, kind: ApiQuery<'/entries/screening'>['kind'] | '', undecided: boolean) =>
  typedApi.get('/entries/screening', {
    query: { promotionId, page, kind: kind || undefined, undecided: undecided ? 'true' : undefined },
  }) as Promise<ScreeningPage>
export const screenAgain = (promotionId: number) => typedApi.post('/entries/screen', { promotionId }, quiet) as Promise<ScreeningCounts>
export const decide = (body: DecideBody) => typedApi.post('/entries/decide', body, quiet) as Promise<{ decided: number; counts: ScreeningCounts }>
export const freeze = (promotionId: number) => typedApi.post('/entries/freeze', { promotionId }, quiet) as Promise<FreezeAnswer>
