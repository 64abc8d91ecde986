/**
 * The one definition of a live PermitDesk session (000 §4; issue 31): the API's session store
 * decides with it, and so does the CMS's sign-in over the same session (cms/src/auth), so a
 * session the API has ended is never still live in the CMS.
 */

/** A session nobody used for this long is over (the app's own idle logout comes at 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60_000
/** However active, a session ends after this long. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000
/** killsessions (page unload) ends the session unless a request comes within this time (a reload). */
export const SESSION_CLOSING_GRACE_MS = 2 * 60_000

export type SessionTimes = { endedAt: Date | null; expiresAt: Date; lastSeenAt: Date; closingAt: Date | null }

/**
 * `live`; `ended` (already ended: signed out, replaced, expired earlier); `expired` (past its
 * maximum age or idle too long); `closed` (its page was closed and no request came back in time).
 * The last two are over now but not yet marked: the API marks them when it meets them.
 */
export type SessionLife = 'live' | 'ended' | 'expired' | 'closed'

export function sessionLife(session: SessionTimes, now: Date): SessionLife {
  if (session.endedAt) return 'ended'
  const t = now.getTime()
  if (session.closingAt && t - session.closingAt.getTime() > SESSION_CLOSING_GRACE_MS) return 'closed'
  if (session.expiresAt.getTime() <= t || t - session.lastSeenAt.getTime() > SESSION_IDLE_MS) return 'expired'
  return 'live'
}
