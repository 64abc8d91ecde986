import crypto from 'node:crypto'
import { SESSION_MAX_AGE_MS, sessionLife } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema/index'
import { endSession, findSessionWithUser, replaceUserSessions, touchSession } from './sessions.repository'
import type { LiveSession, SessionCache } from './session-cache'

export { endSession, endUserSessions, markSessionClosing } from './sessions.repository'

/** The session cookie: HttpOnly, SameSite=Lax, Secure in production, no Max-Age (ends with the browser). */
export const SESSION_COOKIE = 'pd_session'
// How long a session lives is defined once, in shared (the CMS's sign-in uses the same rule).
export { SESSION_CLOSING_GRACE_MS, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@permitdesk/shared'
/** last_seen_at is written at most this often, so the 5-second poll is a read. */
const TOUCH_EVERY_MS = 60_000

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
export const newToken = () => crypto.randomBytes(32).toString('base64url')

export type { LiveSession } from './session-cache'
export type SessionLookup = { state: 'live'; session: LiveSession; user: UserRow } | { state: 'replaced' } | { state: 'none' }

/**
 * Starts a session for the user and ends every other one (000 §4: one session per user). The user
 * row is locked so two logins at once still leave exactly one live session. Returns the cookie token.
 */
export async function createSession(db: Db, userId: number, clientSession?: string | null): Promise<string> {
  const token = newToken()
  const now = new Date()
  await replaceUserSessions(db, {
    id: hashToken(token),
    userId,
    clientSession: clientSession ?? null,
    now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  })
  return token
}

/**
 * One primary-key lookup joined to the user; writes only to refresh last_seen_at once a minute or
 * undo a closing. With a cache (session-cache.ts) a live session is answered from memory until
 * its entry runs out or a notice from the database drops it.
 */
export async function findSession(db: Db, token: string, now = new Date(), cache?: SessionCache): Promise<SessionLookup> {
  const id = hashToken(token)
  const t = now.getTime()
  const cached = await cache?.lookup(id, t)
  if (cached) return cached
  const mark = cache?.mark() ?? 0
  const row = await findSessionWithUser(db, id)
  if (!row) return { state: 'none' }
  const { session, user } = row
  const life = sessionLife(session, now)
  if (life === 'ended') return session.endedReason === 'replaced' ? { state: 'replaced' } : { state: 'none' }
  if (life !== 'live') {
    await endSession(db, id, life)
    return { state: 'none' }
  }
  let lastSeen = session.lastSeenAt.getTime()
  if (session.closingAt || t - lastSeen > TOUCH_EVERY_MS) {
    await touchSession(db, id, now)
    lastSeen = t
  }
  const live = { state: 'live' as const, session: { id, userId: session.userId, clientSession: session.clientSession }, user }
  // Kept until last_seen_at is due again (the idle logout counts from it) and never past expiry.
  cache?.set(id, live, Math.min(lastSeen + TOUCH_EVERY_MS, session.expiresAt.getTime()), mark, t)
  return live
}
