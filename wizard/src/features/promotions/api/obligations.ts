/** The compliance calendar calls (issue #30): GET /api/promotion/obligations, POST /api/promotion/closeObligation. */
import type { z } from 'zod'
import type { ObligationsResponseSchema } from '@permitdesk/shared'
import { api, ApiError, quiet } from '../../../lib/api-client'

export type ObligationsView = z.infer<typeof ObligationsResponseSchema>
export type ObligationView = ObligationsView['obligations'][number]

export const obligationsKey = (promotionId: number) => ['promotions', 'obligations', promotionId] as const

export function getObligations(promotionId: number): Promise<ObligationsView> {
  return api.get<ObligationsView>('/api/promotion/obligations', { query: { id: promotionId } })
}

export function closeObligation(input: { id: number; code: string; serverFileName?: string; link?: string; note?: string }): Promise<ObligationsView> {
  return api.post<ObligationsView>('/api/promotion/closeObligation', input, quiet)
}

/** Uploads the proof file through the one upload call; its server file name. */
export async function uploadProof(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch('/api/Upload', { method: 'POST', body: form, credentials: 'include' })
  const body = await response.json().catch(() => undefined)
  if (!response.ok) throw new ApiError(response.status, body)
  return body.serverFileName as string
}
