/** The draw calls (issue 15): one place for the screen's fetchers. */
import { ApiError, type ErrorBody } from '../../../lib/api-client'
import { apiHref, typedApi, type ApiBody } from '../../../lib/typed-api'

export type Selection = { position: number; entryIndex: number; rootIndex: number; entry: string }
export type Draw = {
  id: number
  publicId: string
  title: string
  parentId: number | null
  status: 'created' | 'uploaded' | 'committed' | 'run' | 'cancelled'
  winnersCount: number
  /** Dollars per winner position (null: not given). */
  prizeValues: (number | null)[]
  reservesCount: number
  drawDate: string | null
  drawTime: string | null
  drawLocation: string | null
  entryCount: number | null
  entriesHash: string | null
  entriesRoot: string | null
  seedHash: string | null
  /** From when the draw may run (issue 23). */
  scheduledAt: string | null
  cancelledAt: string | null
  cancelReason: string | null
  earlyRunReason: string | null
  header: string[] | null
  maskRule: string
  committedAt: string | null
  seed: string | null
  ranAt: string | null
  scrutineerRequired: boolean
  scrutineerName: string | null
  sourceFileName: string | null
  winners: Selection[]
  reserves: Selection[]
  excludedRootIndexes: number[]
  publicUrl: string
  certificateUrl: string
  /** The hosted winners page (a path); null when the draw has none (cancelled, or run without a publication). */
  winnersUrl: string | null
  entriesUrl: string | null
}

export const listDraws = (promotionId: number) => typedApi.get('/draw/list', { query: { promotionId } }) as Promise<Draw[]>
export type CreateDrawBody = ApiBody<'/draw/create'>
export const createDraw = (body: CreateDrawBody) => typedApi.post('/draw/create', body, { notify: false }) as Promise<{ id: number; publicId: string }>
export const commitDraw = (id: number) => typedApi.post('/draw/commit', { id }, { notify: false })
export const runDraw = (id: number, scrutineerName?: string, earlyRunReason?: string) =>
  typedApi.post('/draw/run', { id, scrutineerName, earlyRunReason }, { notify: false })
export const cancelDraw = (id: number, reason: string) => typedApi.post('/draw/cancel', { id, reason }, { notify: false })
export const redrawDraw = (body: { id: number; winners: number; reserves: number; prizeValues?: (number | null)[] }) =>
  typedApi.post('/draw/redraw', body, { notify: false })

/**
 * The entries upload with upload progress: fetch() cannot report it, XMLHttpRequest can.
 * `onProgress` gets the fraction sent (0…1).
 */
export function uploadEntries(id: number, file: File, onProgress: (fraction: number) => void): Promise<{ entryCount: number; entriesHash: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    // The id in the URL: the server checks the draw before it stores a byte (issue 23).
    xhr.open('POST', apiHref('post', '/draw/uploadEntries', { id }))
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { entryCount: number; entriesHash: string })
      else reject(new ApiError(xhr.status, body as ErrorBody | undefined))
    }
    xhr.onerror = () => reject(new ApiError(0, undefined))
    const form = new FormData()
    form.append('id', String(id))
    form.append('file', file)
    xhr.send(form)
  })
}
