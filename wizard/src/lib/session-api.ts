/**
 * The session calls of 000 §7 every screen needs (who is signed in, the 5-second check, sign-out,
 * page unload). The account feature's own calls (login, register, ...) stay in that feature.
 */
import type { User } from '@permitdesk/shared'
import { apiHref, typedApi } from './typed-api'
import { clientSession } from './client-session'

export type SessionUserView = User & { agent: boolean; emailConfirmed: boolean }

/** Who is signed in (null for a visitor); 200 either way. */
export const getCurrentUser = async () =>
  ((await typedApi.get('/account/current', { notify: false, redirectOn401: false })) as { authenticated: boolean; user: SessionUserView | null }).user
export const logOut = () => typedApi.post('/account/logOut', undefined, { notify: false, redirectOn401: false })

/** The 5-second check (000 §7): the status tells live (200), replaced (403) or signed out (401). */
export async function checkAuthenticated(currentPath: string): Promise<number> {
  try {
    const response = await fetch(apiHref('post', '/account/authenticated', { ts: Date.now() }), {
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

/**
 * On page unload (000 §7): a POST by sendBeacon, which the browser delivers after the page is gone
 * (issue 24: never a GET, which must not change state).
 */
export function killSessions() {
  try {
    const body = new Blob([JSON.stringify({ clientSession })], { type: 'application/json' })
    if (!navigator.sendBeacon?.(apiHref('post', '/account/killsessions'), body)) {
      void fetch(apiHref('post', '/account/killsessions'), {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientSession }),
      })
    }
  } catch {
    // The page is going away; nothing to do.
  }
}
