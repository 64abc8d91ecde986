import type { Notifications } from './notifications'

/**
 * The channel the database NOTIFYs with a user's id whenever something cached per user changes:
 * triggers on sessions and users (migration `session-cache`) and on API keys (`api-key-cache`).
 */
export const SESSION_CHANGES_CHANNEL = 'app_session_changes'

type Entry<V> = { value: V; validUntil: number }

/**
 * Lookups of one process kept in memory per user, correct across processes because the database
 * says what changed (issues 18 and 27): every process LISTENs on SESSION_CHANGES_CHANNEL and drops
 * the user's entries on a notice. Used only while LISTEN is in force: with the listening
 * connection down it is emptied and bypassed until it is back. An entry lives at most `ttlMs`; at
 * most `maxEntries` are kept (the oldest go first). The session cache and the API-key cache are
 * this with their own value and lifetime.
 */
export class UserScopedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private readonly byUser = new Map<number, Set<string>>()
  private generation = 0
  private subscribed = false

  constructor(
    private readonly notifications: Pick<Notifications, 'subscribe' | 'listening' | 'sync'> | undefined,
    private readonly userIdOf: (value: V) => number,
    private readonly limits: { ttlMs: number; maxEntries: number },
  ) {}

  /** Whether the cache may answer: LISTEN is in force. Starts listening on first use. */
  get active(): boolean {
    this.subscribe()
    return this.notifications?.listening ?? false
  }

  /**
   * The cached value, once every notice committed before this call has arrived (a shared round
   * trip on the listening connection, see Notifications.sync): a change made by any process before
   * this request came in is never answered from memory.
   */
  async lookup(key: string, nowMs: number): Promise<V | undefined> {
    if (!this.get(key, nowMs)) return undefined
    if (!(await this.notifications!.sync())) return undefined
    return this.get(key, nowMs)
  }

  /** The entry as it stands now (no catching up with notices in flight). */
  get(key: string, nowMs: number): V | undefined {
    if (!this.active) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.validUntil <= nowMs) {
      this.remove(key, this.userIdOf(entry.value))
      return undefined
    }
    return entry.value
  }

  /**
   * Taken before reading the database; `store` keeps the result only if nothing was invalidated
   * meanwhile (a notice that arrives while the read is in flight may describe a change the read
   * did not see).
   */
  mark(): number {
    this.subscribe()
    return this.generation
  }

  /** Keeps the value until `validUntil` at the latest (and never past the time-to-live). */
  protected store(key: string, value: V, validUntil: number, mark: number, nowMs: number): void {
    if (mark !== this.generation || !this.active) return
    const until = Math.min(validUntil, nowMs + this.limits.ttlMs)
    if (until <= nowMs) return
    if (!this.entries.has(key) && this.entries.size >= this.limits.maxEntries) {
      const oldest = this.entries.entries().next().value
      if (oldest) this.remove(oldest[0], this.userIdOf(oldest[1].value))
    }
    this.entries.set(key, { value, validUntil: until })
    const userId = this.userIdOf(value)
    let keys = this.byUser.get(userId)
    if (!keys) this.byUser.set(userId, (keys = new Set()))
    keys.add(key)
  }

  /** Drops every cached entry of the user (a notice from any process, this one included). */
  invalidateUser(userId: number): void {
    this.generation++
    const keys = this.byUser.get(userId)
    if (!keys) return
    for (const key of keys) this.entries.delete(key)
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

  private remove(key: string, userId: number) {
    this.entries.delete(key)
    const keys = this.byUser.get(userId)
    keys?.delete(key)
    if (keys?.size === 0) this.byUser.delete(userId)
  }

  protected subscribe() {
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
