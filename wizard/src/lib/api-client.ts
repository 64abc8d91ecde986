/**
 * The app's fetch wrapper (000 §7, 001 §7): relative URLs, credentials, JSON both ways. A 401
 * sends the user to the login screen carrying the return address; any other error is thrown as an
 * ApiError and, unless the caller shows it itself (`notify: false`), its message or each
 * model-state entry is broadcast as an error notification.
 */
import { MSG_ERROR_OCCURRED } from '@permitdesk/shared/messages'
import { paths } from '../config/paths'
import { messagesOf, notify as broadcast } from './notify'
import { takePrefetched } from './prefetch'

export type ModelState = Record<string, string[]>
export type ErrorBody = { message?: string; modelState?: ModelState; code?: string }

export class ApiError extends Error {
  readonly status: number
  readonly modelState?: ModelState
  readonly code?: string
  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message || MSG_ERROR_OCCURRED)
    this.name = 'ApiError'
    this.status = status
    // Every error body has a modelState; an empty one names no field, which screens test as absent.
    this.modelState = body?.modelState && Object.keys(body.modelState).length > 0 ? body.modelState : undefined
    this.code = body?.code
  }
  /** The messages to show: each model-state entry, or the message. */
  get messages(): string[] {
    return messagesOf({ message: this.message, modelState: this.modelState })
  }
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  /** Broadcast errors as notifications (default true). */
  notify?: boolean
  /** Send a 401 to the login screen (default true). */
  redirectOn401?: boolean
  signal?: AbortSignal
  keepalive?: boolean
}

/** The login screen, carrying where the user was (000 §2). */
export function loginUrl(returnUrl = window.location.pathname + window.location.search): string {
  return `${paths.login}?ReturnUrl=${encodeURIComponent(returnUrl)}`
}

export function redirectToLogin() {
  if (window.location.pathname === paths.login) return
  window.location.assign(loginUrl())
}

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path
}

export async function apiRequest<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const { notify = true, redirectOn401 = true } = options
  const url = withQuery(path, options.query)
  let response: Response
  try {
    // A GET the page already started before the app ran (index.html's start-up script) is not asked
    // twice. A 401 is not reused: it was asked before a sign-in that may have happened since.
    const prefetched = method === 'GET' ? await takePrefetched(url) : undefined
    response =
      prefetched && prefetched.status !== 401
        ? prefetched
        : await fetch(url, {
            method,
            credentials: 'include',
            headers: options.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            signal: options.signal,
            keepalive: options.keepalive,
          })
  } catch (cause) {
    const error = new ApiError(0, undefined)
    if (notify && !(cause instanceof DOMException && cause.name === 'AbortError')) broadcast(error.message)
    throw error
  }
  const text = await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  if (response.ok) return data as T
  const error = new ApiError(response.status, data as ErrorBody | undefined)
  if (response.status === 401 && redirectOn401) redirectToLogin()
  else if (notify) for (const message of error.messages) broadcast(message)
  throw error
}

/** `?a=1&b=2` from the defined, non-empty values. */
export function query(params: NonNullable<RequestOptions['query']>): string {
  return withQuery('', Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''))) || ''
}

/** For screens that show errors beside the form themselves: nothing is broadcast. */
export const quiet = { notify: false } as const

/** The shortcuts every feature's calls use (one request function under them: apiRequest). */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
}
