/** The compliance calendar calls (issue #30): GET /api/promotion/obligations, POST /api/promotion/closeObligation. */
import type { z } from 'zod'
import type { ObligationsResponseSchema } from '@permitdesk/shared'
import { ApiError, quiet } from '../../../lib/api-client'
import { apiHref, typedApi } from '../../../lib/typed-api'

export type ObligationsView = z.infer<typeof ObligationsResponseSchema>
export type ObligationView = ObligationsView['obligations'][number]

export const obligationsKey = (promotionId: number) => ['promotions', 'obligations', promotionId] as const

export function getObligations(promotionId: number): Promise<ObligationsView> {
  return typedApi.get('/promotion/obligations', { query: { id: promotionId } }) as Promise<ObligationsView>
}

export function closeObligation(input: { id: number; code: string; serverFileName?: string; link?: string; note?: string }): Promise<ObligationsView> {
  return typedApi.post('/promotion/closeObligation', input, quiet) as Promise<ObligationsView>
}

/** Uploads the proof file through the one upload call; its server file name. */
export async function uploadProof(file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(apiHref('post', '/Upload'), { method: 'POST', body: form, credentials: 'include' })
  const body = await response.json().catch(() => undefined)
  if (!response.ok) throw new ApiError(response.status, body)
  return body.serverFileName as string
}
