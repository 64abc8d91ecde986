/** The account calls of 000 §7 (POST/GET /api/account/{action}). */
import type { AccountUpdate, ForgotPassword, Login, Register, ResetPassword, User } from '@permitdesk/shared'
import { api } from '../../../lib/api-client'
import { clientSession } from '../../../lib/client-session'

export type SessionUserView = User & { agent: boolean; emailConfirmed: boolean }
export type LoginAnswer = { agent: boolean; user: SessionUserView; staffPath?: string }

export const login = (input: Login) => api.post<LoginAnswer>('/api/account/login', { ...input, clientSession }, { notify: false })
export const register = (input: Register) => api.post<{ message: string; email: string }>('/api/account/register', input, { notify: false })
export const forgotPassword = (input: ForgotPassword) => api.post<{ message: string }>('/api/account/forgotPassword', input, { notify: false })
export const resetPassword = (input: ResetPassword) => api.post<{ message: string }>('/api/account/resetPassword', input, { notify: false })
export const updateAccount = (input: AccountUpdate) => api.post<{ message: string; user: SessionUserView }>('/api/account/update', input, { notify: false })
/** Who is signed in (null for a visitor); 200 either way. */
export const getCurrentUser = async () =>
  (await api.get<{ authenticated: boolean; user: SessionUserView | null }>('/api/account/current', { notify: false, redirectOn401: false })).user
export const logOut = () => api.post<unknown>('/api/account/logOut', {}, { notify: false, redirectOn401: false })

/** The 5-second check (000 §7): the status tells live (200), replaced (403) or signed out (401). */
export async function checkAuthenticated(currentPath: string): Promise<number> {
  try {
    const response = await fetch(`/api/account/authenticated?ts=${Date.now()}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSession, currentPath }),
    })
    return response.status
  } catch {
    return 0
  }
}

/** On page unload (000 §7): keepalive so the request outlives the page. */
export function killSessions() {
  try {
    void fetch(`/api/account/killsessions?clientSession=${clientSession}`, { credentials: 'include', keepalive: true })
  } catch {
    // The page is going away; nothing to do.
  }
}
