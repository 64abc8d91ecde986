import type { Notifications } from '../../db/notifications'
import type { ApiKeyRow, UserRow } from '../../db/schema/index'
import { SESSION_CHANGES_CHANNEL } from '../account/session-cache'

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

type Entry = { value: CachedApiKey; validUntil: number }

export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>()
  private readonly byUser = new Map<number, Set<string>>()
  private generation = 0
  private subscribed = false

  constructor(
    private readonly notifications: Pick<Notifications, 'subscribe' | 'listening' | 'sync'> | undefined,
    private readonly options: { ttlMs?: number; maxEntries?: number } = {},
  ) {}

  /** Whether the cache may answer: LISTEN is in force. Starts listening on first use. */
  get active(): boolean {
    this.subscribe()
    return this.notifications?.listening ?? false
  }

  /** The cached key of this hash, once every notice committed before this call has arrived. */
  async lookup(keyHash: string, nowMs: number): Promise<CachedApiKey | undefined> {
    if (!this.get(keyHash, nowMs)) return undefined
    if (!(await this.notifications!.sync())) return undefined
    return this.get(keyHash, nowMs)
  }

  /** The entry as it stands now (no catching up with notices in flight). */
  get(keyHash: string, nowMs: number): CachedApiKey | undefined {
    if (!this.active) return undefined
    const entry = this.entries.get(keyHash)
    if (!entry) return undefined
    if (entry.validUntil <= nowMs) {
      this.remove(keyHash, entry.value.key.userId)
      return undefined
    }
    return entry.value
  }

  /** Taken before reading the database: `set` keeps the read only if no notice came meanwhile. */
  mark(): number {
    this.subscribe()
    return this.generation
  }

  set(keyHash: string, value: CachedApiKey, mark: number, nowMs: number): void {
    if (mark !== this.generation || !this.active) return
    if (!this.entries.has(keyHash) && this.entries.size >= (this.options.maxEntries ?? API_KEY_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.entries().next().value
      if (oldest) this.remove(oldest[0], oldest[1].value.key.userId)
    }
    this.entries.set(keyHash, { value, validUntil: nowMs + (this.options.ttlMs ?? API_KEY_CACHE_TTL_MS) })
    const userId = value.key.userId
    let hashes = this.byUser.get(userId)
    if (!hashes) this.byUser.set(userId, (hashes = new Set()))
    hashes.add(keyHash)
  }

  /** Drops every cached key of the user (a notice from any process, this one included). */
  invalidateUser(userId: number): void {
    this.generation++
    const hashes = this.byUser.get(userId)
    if (!hashes) return
    for (const hash of hashes) this.entries.delete(hash)
    this.byUser.delete(userId)
  }

  clear(): void {
    this.generation++
    this.entries.clear()
    this.byUser.clear()
  }

  get size(): number {
    return this.entries.size
  }

  private remove(keyHash: string, userId: number) {
    this.entries.delete(keyHash)
    const hashes = this.byUser.get(userId)
    hashes?.delete(keyHash)
    if (hashes?.size === 0) this.byUser.delete(userId)
  }

  private subscribe() {
    if (this.subscribed || !this.notifications) return
    this.subscribed = true
    this.notifications.subscribe(SESSION_CHANGES_CHANNEL, {
      onNotice: (payload) => {
        const userId = Number(payload)
        if (Number.isSafeInteger(userId)) this.invalidateUser(userId)
        else this.clear()
      },
      // Down: notices may be missed, so nothing cached may be trusted; up again: start empty.
      onState: () => this.clear(),
    })
  }
}

const caches = new WeakMap<object, ApiKeyCache>()

/** The process's cache over this database's notifications (one per database, whichever app asks). */
export function apiKeyCacheFor(notifications: Notifications): ApiKeyCache {
  let cache = caches.get(notifications)
  if (!cache) caches.set(notifications, (cache = new ApiKeyCache(notifications)))
  return cache
}
