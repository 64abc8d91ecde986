/** The entry calls (issue 27): one place for the screens' fetchers. */
import type { EntryFormFields } from '@permitdesk/shared'
import { api, ApiError, quiet } from '../../../lib/api-client'

export type EntryForm = {
  promotionId: number
  code: string
  status: 'open' | 'closed' | 'frozen'
  fields: EntryFormFields
  receipts: boolean
  staffDomains: string[]
  path: string
  opensAt: string | null
  closesAt: string | null
  entriesPerDay: number | null
  openedAt: string | null
  closedAt: string | null
  /** The collection notice under the form, as entrants see it. */
  collectionNotice: string
}

export type PublicEntryForm = {
  code: string
  promotionName: string
  promoterName: string
  promoterContact: string | null
  status: 'open' | 'closed' | 'frozen'
  fields: EntryFormFields
  states: { code: string; name: string }[]
  opensAt: string | null
  closesAt: string | null
  termsPath: string | null
  under18s: boolean
  collectionNotice: string
}

export type MaskedEntry = {
  entryNumber: number
  receivedAt: string
  channel: 'form' | 'embed' | 'api' | 'import'
  name: string
  email: string
  phone: string
  postcode: string
  state: string
  flags: number
  decision: 'keep' | 'exclude' | null
  /** The entry has a receipt file (download: receiptFileUrl). */
  receiptFile?: boolean
}

export type EntriesPage = { total: number; entries: MaskedEntry[]; nextBefore: number | null; refusals: { reason: string; label: string; count: number }[] }

export const getEntryForm = (promotionId: number) => api.get<EntryForm>('/api/entries/form', { query: { promotionId } })
export const saveEntryForm = (body: { promotionId: number; fields: EntryFormFields; receipts: boolean; staffDomains: string }) =>
  api.post<EntryForm>('/api/entries/form/save', body, quiet)
export const openEntryForm = (promotionId: number, open: boolean) => api.post<EntryForm>('/api/entries/form/open', { promotionId, open }, quiet)
export const listEntries = (promotionId: number, q: string, before: number | null) =>
  api.get<EntriesPage>('/api/entries/list', { query: { promotionId, q: q || undefined, before } })
export const exportEntriesUrl = (promotionId: number, q: string) => `/api/entries/export?promotionId=${promotionId}${q ? `&q=${encodeURIComponent(q)}` : ''}`
export const receiptFileUrl = (entryNumber: number) => `/api/entries/receipt-file?entryNumber=${entryNumber}`
export const entrantEntries = (email: string) =>
  api.get<{ entries: (MaskedEntry & { promotionId: number; promotionName: string })[] }>('/api/entries/entrant', { query: { email }, ...quiet })
export const entrantExportUrl = (email: string) => `/api/entries/entrant/export?email=${encodeURIComponent(email)}`

export const getPublicEntryForm = (code: string) => api.get<PublicEntryForm>('/api/entries/public', { query: { code }, ...quiet, redirectOn401: false })
export const enter = (body: { code: string; entry: Record<string, unknown>; recaptchaResponse?: string; embed?: boolean; device?: string }) =>
  api.post<{ entryNumber: number; receivedAt: string; replayed: boolean }>('/api/entries/enter', body, { ...quiet, redirectOn401: false })

export type ImportResult = {
  rows: number
  accepted: number
  refused: { reason: string; label: string; count: number }[]
  invalid: number
  problems: { line: number; message: string }[]
}

/** The CSV import of offline entries (multipart: the JSON helper does not send files). */
export async function importEntries(promotionId: number, file: File): Promise<ImportResult> {
  const data = new FormData()
  data.append('file', file)
  const response = await fetch(`/api/entries/import?promotionId=${promotionId}`, {
    method: 'POST',
    credentials: 'include',
    body: data,
    headers: { accept: 'application/json' },
  })
  const body = await response.json().catch(() => undefined)
  if (!response.ok) throw new ApiError(response.status, body)
  return body as ImportResult
}
