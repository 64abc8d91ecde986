import type { Notifications } from '../../db/notifications'
import { UserScopedCache } from '../../db/user-scoped-cache'
import type { UserRow } from '../../db/schema/index'

/** A live session as the store answers it (defined here, beside its cache, so session-store.ts imports this file and not the reverse). */
export type LiveSession = { id: string; userId: number; clientSession: string | null }

/**
 * The session lookups of one process, in memory (issue 18): the 5-second poll of every signed-in
 * tab, and every other call, then costs no database round trip. Correct across processes because
 * the database says what changed: triggers on `app.sessions` and `app.users` (migration
 * `session-cache`) NOTIFY `app_session_changes` with the user's id in the same transaction that
 * ends, replaces or closes a session, or changes or deletes the user, and every process LISTENs
 * and drops that user's entries. The cache is used only while LISTEN is in force: when the
 * listening connection is down it is emptied and bypassed until it is back.
 *
 * Safety nets: an entry lives at most `ttlMs`, never past the session's expiry, and never past
 * the moment its `last_seen_at` is due to be written again (so the idle logout still works); at
 * most `maxEntries` are kept (the oldest go first).
 */
export { SESSION_CHANGES_CHANNEL } from '../../db/user-scoped-cache'
export const SESSION_CACHE_TTL_MS = 30_000
export const SESSION_CACHE_MAX_ENTRIES = 10_000

export type CachedSession = { state: 'live'; session: LiveSession; user: UserRow }

export class SessionCache extends UserScopedCache<CachedSession> {
  constructor(notifications: Pick<Notifications, 'subscribe' | 'listening' | 'sync'> | undefined, options: { ttlMs?: number; maxEntries?: number } = {}) {
    super(notifications, (value) => value.session.userId, {
      ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
    })
  }

  /** Starts listening (else the first use does). */
  start(): this {
    this.subscribe()
    return this
  }

  /** Keeps the session until `validUntil` (its expiry or next `last_seen_at` write) at the latest. */
  set(id: string, value: CachedSession, validUntil: number, mark: number, nowMs: number): void {
    this.store(id, value, validUntil, mark, nowMs)
  }
}
