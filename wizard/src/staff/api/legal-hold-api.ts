/** The legal hold calls (issue #30): GET /api/admin/legalHold, POST placeLegalHold / liftLegalHold. */
import type { z } from 'zod'
import type { LegalHoldViewSchema } from '@permitdesk/shared'
import { api, quiet } from '../../lib/api-client'

export type LegalHoldView = z.infer<typeof LegalHoldViewSchema>

export const legalHoldKey = (promotionId: number) => ['staff', 'legal-hold', promotionId] as const

export const getLegalHold = (promotionId: number) => api.get<LegalHoldView>('/api/admin/legalHold', { query: { id: promotionId } })

export const setLegalHold = (input: { id: number; reason: string; on: boolean }) =>
  api.post<LegalHoldView>(input.on ? '/api/admin/placeLegalHold' : '/api/admin/liftLegalHold', { id: input.id, reason: input.reason }, quiet)
