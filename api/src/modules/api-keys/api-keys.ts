/**
 * API keys (issue 11): an account's customer or agent creates, names and revokes keys on the
 * account screen; `Authorization: Bearer <key>` then acts as the key's owner on the customer
 * calls (access `user`). Keys are 32 random bytes, shown once, stored as SHA-256 (high entropy, so
 * a slow hash adds nothing). A key acts as a customer even when its owner is staff: staff calls
 * never accept a key.
 */
import crypto from 'node:crypto'
import { AppError, type ApiKeyRevokedReason, MSG_API_KEY_INVALID, MSG_API_KEY_LIMIT, MSG_API_KEY_RATE_LIMITED } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { ApiKeyRow } from '../../db/schema/index'
import { toSessionUser, type SessionUser } from '../account/session-user'
import { hit, type RateLimit } from '../account/rate-limit'
import type { ApiKeyCache, CachedApiKey } from './api-key-cache'
import { addHits, findApiKeysOf, findLiveApiKeyByHash, insertApiKeyWithin, revokeApiKey, touchApiKey } from './api-keys.repository'

export const MAX_API_KEYS = 10
/** Per key: 120 calls a minute. */
export const API_KEY_RATE_LIMIT: RateLimit = { limit: 120, windowMs: 60_000 }
/**
 * Entries sent by an agency's system (POST /api/entries/submit, issue 27) arrive in bursts (a
 * television advert, 1,500 a second and more): they have a budget of their own, counted apart, so
 * a burst neither hits the 120 a minute of the other calls nor uses it up.
 */
export const API_KEY_ENTRY_RATE_LIMIT: RateLimit = { limit: 600_000, windowMs: 60_000 }
const KEY_PREFIX = 'pdk_'

// One-shot (crypto.hash): a Hash object per call cost more than the digest at 1,500 entries a second.
export const hashApiKey = (key: string) => crypto.hash('sha256', key, 'hex')

export type ApiKeyView = {
  id: number
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  revokedReason: ApiKeyRevokedReason | null
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // Revoked before the reason was recorded: by its owner (the only way then).
    revokedReason: row.revokedAt ? (row.revokedReason ?? 'revoked') : null,
  }
}

/** Creates a key; the answer holds the key itself, the only time it is shown. */
export async function createApiKey(db: Db, userId: number, name: string): Promise<ApiKeyView & { key: string }> {
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`
  const row = await insertApiKeyWithin(db, { userId, name, prefix: key.slice(0, KEY_PREFIX.length + 6), keyHash: hashApiKey(key) }, MAX_API_KEYS)
  if (!row) throw new AppError('CONFLICT', MSG_API_KEY_LIMIT, { modelState: { '': [MSG_API_KEY_LIMIT] } })
  return { ...toView(row), key }
}

/** Live keys first, then revoked ones with the reason (issue 24: the owner sees what a password change ended). */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyView[]> {
  const rows = await findApiKeysOf(db, userId)
  return [...rows.filter((r) => !r.revokedAt), ...rows.filter((r) => r.revokedAt)].map(toView)
}

/** Revokes one of the user's keys: the next call with it gets 401. Another user's key is 404. */
export async function revokeUserApiKey(db: Db, userId: number, id: number): Promise<{ id: number; revoked: true }> {
  if (!(await revokeApiKey(db, userId, id))) throw new AppError('NOT_FOUND')
  return { id, revoked: true }
}

/**
 * The user a Bearer key acts as. Unknown or revoked: 401 at once. Over the key's rate limit:
 * 429 with the seconds to wait.
 */
const lastTouched = new Map<number, number>()

type Budget = { shared: number; resetAt: number; pending: number; timer?: NodeJS.Timeout }
const entryBudgets = new WeakMap<Db, Map<number, Budget>>()
/** How often a process adds its entries' count to the shared one (the shared count lags by at most this). */
const ENTRY_BUDGET_FLUSH_MS = 200

/**
 * The entry budget's count for one more entry of the key. Counting each of 1,500 entries a second
 * on one shared row would queue them all behind its lock, so a process counts in memory and adds
 * its count to the shared row (PostgreSQL, every process's) every 200 ms; the first entry of a
 * window is counted at once, which reads the shared count. A crash loses at most 200 ms of counts.
 */
async function hitEntryBudget(db: Db, keyId: number): Promise<{ count: number; resetAt: Date }> {
  let budgets = entryBudgets.get(db)
  if (!budgets) entryBudgets.set(db, (budgets = new Map()))
  const key = `apikey-entries:${keyId}`
  const budget = budgets.get(keyId)
  if (!budget || budget.resetAt <= Date.now()) {
    const { count, resetAt } = await hit(db, key, API_KEY_ENTRY_RATE_LIMIT)
    if (budgets.size > 10_000) budgets.clear()
    budgets.set(keyId, { shared: count, resetAt: resetAt.getTime(), pending: 0 })
    return { count, resetAt }
  }
  budget.pending += 1
  budget.timer ??= setTimeout(() => {
    budget.timer = undefined
    const pending = budget.pending
    budget.pending = 0
    addHits(db, key, pending, API_KEY_ENTRY_RATE_LIMIT.windowMs).then(
      ({ count, resetAt }) => {
        budget.shared = count
        budget.resetAt = resetAt.getTime()
      },
      // Not counted this time (the database is away): the entries themselves fail meanwhile.
      () => {},
    )
  }, ENTRY_BUDGET_FLUSH_MS).unref()
  return { count: budget.shared + budget.pending, resetAt: new Date(budget.resetAt) }
}

/** The live key and its user: from the process's cache (api-key-cache.ts) when it may answer, else read (and cached). */
async function findLiveKey(db: Db, keyHash: string, cache: ApiKeyCache | undefined): Promise<CachedApiKey | undefined> {
  const now = Date.now()
  const cached = await cache?.lookup(keyHash, now)
  if (cached) return cached
  const mark = cache?.mark() ?? 0
  const found = await findLiveApiKeyByHash(db, keyHash)
  if (found) cache?.set(keyHash, found, mark, now)
  return found
}

/**
 * Throws the 401 authenticate gives unless the key (by its hash) is still live, the same key and
 * its user's: read through the cache after catching up with revocations (ApiKeyCache.lookup), or
 * from the database. The front door's entry fast path admits a cached key without that round trip
 * and asks this only before an answer that stores nothing.
 */
export async function confirmApiKey(db: Db, keyHash: string, cache: ApiKeyCache | undefined, admitted: { keyId: number; userId: number }): Promise<void> {
  const found = await findLiveKey(db, keyHash, cache)
  if (!found || found.key.id !== admitted.keyId || found.key.userId !== admitted.userId) throw new AppError('UNAUTHENTICATED', MSG_API_KEY_INVALID)
}

export async function authenticateApiKey(
  db: Db,
  key: string,
  { entries = false, cache }: { entries?: boolean; cache?: ApiKeyCache } = {},
): Promise<{ user: SessionUser; apiKey: { id: number; name: string } }> {
  const found = key.length <= 200 ? await findLiveKey(db, hashApiKey(key), cache) : undefined
  if (!found) throw new AppError('UNAUTHENTICATED', MSG_API_KEY_INVALID)
  return admitApiKey(db, found, { entries })
}

/**
 * A live key's call (found in the database or the process's cache) against its rate limit: the
 * user it acts as, or 429 with the seconds to wait. The front door's fast path for entries
 * (http/entry-hot-paths.ts) admits a cached key through this too.
 */
export async function admitApiKey(
  db: Db,
  found: CachedApiKey,
  { entries = false }: { entries?: boolean } = {},
): Promise<{ user: SessionUser; apiKey: { id: number; name: string } }> {
  const rule = entries ? API_KEY_ENTRY_RATE_LIMIT : API_KEY_RATE_LIMIT
  const { count, resetAt } = entries ? await hitEntryBudget(db, found.key.id) : await hit(db, `apikey:${found.key.id}`, rule)
  if (count > rule.limit) {
    throw new AppError('RATE_LIMITED', MSG_API_KEY_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)) })
  }
  // last_used_at has minute precision: one touch a minute per key and process is enough.
  const touched = lastTouched.get(found.key.id)
  if (!touched || touched < Date.now() - 60_000) {
    lastTouched.set(found.key.id, Date.now())
    await touchApiKey(db, found.key.id)
  }
  return { user: { ...toSessionUser(found.user), isStaff: false }, apiKey: { id: found.key.id, name: found.key.name } }
}
