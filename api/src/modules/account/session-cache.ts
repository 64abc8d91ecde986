import type { Notifications } from '../../db/notifications'
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
export const SESSION_CHANGES_CHANNEL = 'app_session_changes'
export const SESSION_CACHE_TTL_MS = 30_000
export const SESSION_CACHE_MAX_ENTRIES = 10_000

export type CachedSession = { state: 'live'; session: LiveSession; user: UserRow }

type Entry = { value: CachedSession; validUntil: number }

export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private readonly byUser = new Map<number, Set<string>>()
  private generation = 0
  private subscribed = false

  constructor(
    private readonly notifications: Pick<Notifications, 'subscribe' | 'listening' | 'sync'> | undefined,
    private readonly options: { ttlMs?: number; maxEntries?: number } = {},
  ) {}

  /** Starts listening (else the first use does). */
  start(): this {
    this.subscribe()
    return this
  }

  /** Whether the cache may answer: LISTEN is in force. Starts listening on first use. */
  get active(): boolean {
    this.subscribe()
    return this.notifications?.listening ?? false
  }

  /**
   * The cached live session, once every notice committed before this call has arrived (a
   * shared round trip on the listening connection, see Notifications.sync): a session ended by
   * any process before this request came in is never answered from memory.
   */
  async lookup(id: string, nowMs: number): Promise<CachedSession | undefined> {
    if (!this.get(id, nowMs)) return undefined
    if (!(await this.notifications!.sync())) return undefined
    return this.get(id, nowMs)
  }

  /** The entry as it stands now (no catching up with notices in flight). */
  get(id: string, nowMs: number): CachedSession | undefined {
    if (!this.active) return undefined
    const entry = this.entries.get(id)
    if (!entry) return undefined
    if (entry.validUntil <= nowMs) {
      this.remove(id, entry.value.session.userId)
      return undefined
    }
    return entry.value
  }

  /**
   * Taken before reading the database; `set` keeps the result only if nothing was invalidated
   * meanwhile (a notice that arrives while the read is in flight may describe a change the read
   * did not see).
   */
  mark(): number {
    this.subscribe()
    return this.generation
  }

  set(id: string, value: CachedSession, validUntil: number, mark: number, nowMs: number): void {
    if (mark !== this.generation || !this.active) return
    const until = Math.min(validUntil, nowMs + (this.options.ttlMs ?? SESSION_CACHE_TTL_MS))
    if (until <= nowMs) return
    if (!this.entries.has(id) && this.entries.size >= (this.options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.entries().next().value
      if (oldest) this.remove(oldest[0], oldest[1].value.session.userId)
    }
    this.entries.set(id, { value, validUntil: until })
    const userId = value.session.userId
    let ids = this.byUser.get(userId)
    if (!ids) this.byUser.set(userId, (ids = new Set()))
    ids.add(id)
  }

  /** Drops every cached session of the user (a notice from any process, or this one). */
  invalidateUser(userId: number): void {
    this.generation++
    const ids = this.byUser.get(userId)
    if (!ids) return
    for (const id of ids) this.entries.delete(id)
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

  private remove(id: string, userId: number) {
    this.entries.delete(id)
    const ids = this.byUser.get(userId)
    ids?.delete(id)
    if (ids?.size === 0) this.byUser.delete(userId)
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
