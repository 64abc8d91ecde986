/**
 * The promotions feature's calls to /api (001 §7), through the app's one fetch wrapper: a 401
 * sends the user to the login screen with the return address; the screens show other errors
 * beside the form themselves, so they are not also broadcast.
 */
import { apiRequest, withQuery, type RequestOptions } from '../../../lib/api-client'

export { ApiError, type ModelState } from '../../../lib/api-client'

export function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, { redirectOn401 = true } = {}): Promise<T> {
  return apiRequest<T>(method, path, { body, redirectOn401, notify: false })
}

/** `?a=1&b=2` from the defined, non-empty values. */
export function query(params: NonNullable<RequestOptions['query']>): string {
  return withQuery('', Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''))) || ''
}
