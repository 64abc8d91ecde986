import crypto from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions, users, type UserRow } from '../../db/schema/index'

/** The session cookie: HttpOnly, SameSite=Lax, Secure in production, no Max-Age (ends with the browser). */
export const SESSION_COOKIE = 'pd_session'
/** A session nobody used for this long is over (the app's own idle logout comes at 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60_000
/** However active, a session ends after this long. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000
/** killsessions (page unload) ends the session unless a request comes within this time (a reload). */
export const SESSION_CLOSING_GRACE_MS = 2 * 60_000
/** last_seen_at is written at most this often, so the 5-second poll is a read. */
const TOUCH_EVERY_MS = 60_000

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
export const newToken = () => crypto.randomBytes(32).toString('base64url')

export type LiveSession = { id: string; userId: number; clientSession: string | null }
export type SessionLookup =
  | { state: 'live'; session: LiveSession; user: UserRow }
  | { state: 'replaced' }
  | { state: 'none' }

/**
 * Starts a session for the user and ends every other one (000 §4: one session per user). The user
 * row is locked so two logins at once still leave exactly one live session. Returns the cookie token.
 */
export async function createSession(db: Db, userId: number, clientSession?: string | null): Promise<string> {
  const token = newToken()
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from app.users where id = ${userId} for update`)
    await tx
      .update(sessions)
      .set({ endedAt: now, endedReason: 'replaced' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    await tx.insert(sessions).values({
      id: hashToken(token),
      userId,
      clientSession: clientSession ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    })
  })
  return token
}

/** One primary-key lookup joined to the user; writes only to refresh last_seen_at once a minute or undo a closing. */
export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionLookup> {
  const id = hashToken(token)
  const [row] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id)).limit(1)
  if (!row) return { state: 'none' }
  const { session, user } = row
  if (session.endedAt) return session.endedReason === 'replaced' ? { state: 'replaced' } : { state: 'none' }
  const t = now.getTime()
  const closedFor = session.closingAt ? t - session.closingAt.getTime() : 0
  if (session.expiresAt.getTime() <= t || t - session.lastSeenAt.getTime() > SESSION_IDLE_MS || closedFor > SESSION_CLOSING_GRACE_MS) {
    await endSession(db, id, session.closingAt && closedFor > SESSION_CLOSING_GRACE_MS ? 'closed' : 'expired')
    return { state: 'none' }
  }
  if (session.closingAt || t - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now, closingAt: null }).where(eq(sessions.id, id))
  }
  return { state: 'live', session: { id, userId: session.userId, clientSession: session.clientSession }, user }
}

export async function endSession(db: Db, id: string, reason: string) {
  await db.update(sessions).set({ endedAt: new Date(), endedReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
}

/** killsessions: the page is unloading; the session ends unless the browser comes back within the grace period. */
export async function markSessionClosing(db: Db, id: string) {
  await db.update(sessions).set({ closingAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
}

export async function endUserSessions(db: Db, userId: number, reason: string, exceptId?: string) {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : undefined))
}
