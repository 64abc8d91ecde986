/** Addenda after submission (001 §7 submitAddendum, issue 25): upload the file, then lodge it. */
import { MSG_UPLOAD_ERROR } from '@permitdesk/shared'
import { quiet } from '../../../lib/api-client'
import { apiHref, typedApi } from '../../../lib/typed-api'

export type UploadedFile = { serverFileName: string; headerFileName: string }

/** POST /api/Upload; rejects with the server's message, or the spec's upload error. */
export async function uploadAddendumFile(file: File): Promise<UploadedFile> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(apiHref('post', '/Upload'), { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } })
  const body = (await response.json().catch(() => undefined)) as (UploadedFile & { message?: string }) | undefined
  if (!response.ok || !body) throw new Error(body?.message || MSG_UPLOAD_ERROR)
  return body
}

export const submitAddendum = (id: number, addendumSlug: string, fileName: string) =>
  typedApi.post('/promotion/submitAddendum', { id, addendumSlug, fileName }, quiet) as Promise<{ id: number; attachment: Record<string, unknown> }>
