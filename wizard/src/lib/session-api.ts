/**
 * The session calls of 000 §7 every screen needs (who is signed in, the 5-second check, sign-out,
 * page unload). The account feature's own calls (login, register, ...) stay in that feature.
 */
import type { User } from '@permitdesk/shared'
import { api } from './api-client'
import { clientSession } from './client-session'

export type SessionUserView = User & { agent: boolean; emailConfirmed: boolean }

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
