/** The entry calls (issue 27): one place for the screens' fetchers. */
import type { EntryFormFields } from '@permitdesk/shared'
import { ApiError, quiet } from '../../../lib/api-client'
import { apiHref, typedApi, type ApiBody } from '../../../lib/typed-api'

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

export const getEntryForm = (promotionId: number) => typedApi.get('/entries/form', { query: { promotionId } }) as Promise<EntryForm>
export const saveEntryForm = (body: { promotionId: number; fields: EntryFormFields; receipts: boolean; staffDomains: string }) =>
  typedApi.post('/entries/form/save', body, quiet) as Promise<EntryForm>
export const openEntryForm = (promotionId: number, open: boolean) => typedApi.post('/entries/form/open', { promotionId, open }, quiet) as Promise<EntryForm>
export const listEntries = (promotionId: number, q: string, before: number | null) =>
  typedApi.get('/entries/list', { query: { promotionId, q: q || undefined, before: before ?? undefined } }) as Promise<EntriesPage>
export const exportEntriesUrl = (promotionId: number, q: string) => apiHref('get', '/entries/export', { promotionId, q })
export const receiptFileUrl = (entryNumber: number) => apiHref('get', '/entries/receipt-file', { entryNumber })
export const entrantEntries = (email: string) =>
  typedApi.get('/entries/entrant', { query: { email }, ...quiet }) as Promise<{ entries: (MaskedEntry & { promotionId: number; promotionName: string })[] }>
export const entrantExportUrl = (email: string) => apiHref('get', '/entries/entrant/export', { email })

export const getPublicEntryForm = (code: string) =>
  typedApi.get('/entries/public', { query: { code }, ...quiet, redirectOn401: false }) as Promise<PublicEntryForm>
export const enter = (body: ApiBody<'/entries/enter'>) =>
  typedApi.post('/entries/enter', body, { ...quiet, redirectOn401: false }) as Promise<{ entryNumber: number; receivedAt: string; replayed: boolean }>

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
  const response = await fetch(apiHref('post', '/entries/import', { promotionId }), {
    method: 'POST',
    credentials: 'include',
    body: data,
    headers: { accept: 'application/json' },
  })
  const body = await response.json().catch(() => undefined)
  if (!response.ok) throw new ApiError(response.status, body)
  return body as ImportResult
}
