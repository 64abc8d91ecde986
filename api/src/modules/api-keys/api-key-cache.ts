import type { Notifications } from '../../db/notifications'
import type { ApiKeyRow, UserRow } from '../../db/schema/index'
import { UserScopedCache } from '../../db/user-scoped-cache'

/**
 * The live API keys one process has looked up, in memory (issue 27): an agency's 1,500 entries a
 * second then cost no key lookup in PostgreSQL. Correct across processes the way the session cache
 * is (account/session-cache.ts), on its channel: the triggers of migrations `session-cache` and
 * `api-key-cache` NOTIFY `app_session_changes` with the user's id in the transaction that revokes,
 * deletes or moves a key, or changes or deletes its user, and every process drops that user's keys.
 * A lookup first catches up with the notices committed before it (Notifications.sync), so a key
 * revoked by any process before a request came in is never answered from memory. While the
 * listening connection is down the cache is emptied and bypassed: every lookup reads the database.
 */
export const API_KEY_CACHE_TTL_MS = 60_000
export const API_KEY_CACHE_MAX_ENTRIES = 10_000

export type CachedApiKey = { key: ApiKeyRow; user: UserRow }

export class ApiKeyCache extends UserScopedCache<CachedApiKey> {
  constructor(notifications: Pick<Notifications, 'subscribe' | 'listening' | 'sync'> | undefined, options: { ttlMs?: number; maxEntries?: number } = {}) {
    super(notifications, (value) => value.key.userId, {
      ttlMs: options.ttlMs ?? API_KEY_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? API_KEY_CACHE_MAX_ENTRIES,
    })
  }

  set(keyHash: string, value: CachedApiKey, mark: number, nowMs: number): void {
    this.store(keyHash, value, Number.POSITIVE_INFINITY, mark, nowMs)
  }
}

const caches = new WeakMap<object, ApiKeyCache>()

/** The process's cache over this database's notifications (one per database, whichever app asks). */
export function apiKeyCacheFor(notifications: Notifications): ApiKeyCache {
  let cache = caches.get(notifications)
  if (!cache) caches.set(notifications, (cache = new ApiKeyCache(notifications)))
  return cache
}
