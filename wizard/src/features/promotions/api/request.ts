/**
 * The promotions feature's calls to /api (relative, with credentials, 001 §7). A 401 sends the
 * user to the login screen with the return address (001 §8).
 */
export type ModelState = Record<string, string[]>

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly modelState?: ModelState) {
    super(message)
    this.name = 'ApiError'
  }
}

export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, { redirectOn401 = true } = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await response.json().catch(() => undefined)
  if (response.status === 401 && redirectOn401) {
    window.location.assign(`/account/login/?ReturnUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`)
  }
  if (!response.ok) throw new ApiError(response.status, data?.message ?? 'An error occurred.', data?.modelState)
  return data as T
}

export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}
