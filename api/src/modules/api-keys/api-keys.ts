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
import { findApiKeysOf, findLiveApiKeyByHash, insertApiKeyWithin, revokeApiKey, touchApiKey } from './api-keys.repository'

export const MAX_API_KEYS = 10
/** Per key: 120 calls a minute. */
export const API_KEY_RATE_LIMIT: RateLimit = { limit: 120, windowMs: 60_000 }
const KEY_PREFIX = 'pdk_'

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex')

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
export async function authenticateApiKey(db: Db, key: string): Promise<{ user: SessionUser; apiKey: { id: number; name: string } }> {
  const found = key.length <= 200 ? await findLiveApiKeyByHash(db, hashApiKey(key)) : undefined
  if (!found) throw new AppError('UNAUTHENTICATED', MSG_API_KEY_INVALID)
  const { count, resetAt } = await hit(db, `apikey:${found.key.id}`, API_KEY_RATE_LIMIT)
  if (count > API_KEY_RATE_LIMIT.limit) {
    throw new AppError('RATE_LIMITED', MSG_API_KEY_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)) })
  }
  await touchApiKey(db, found.key.id)
  return { user: { ...toSessionUser(found.user), isStaff: false }, apiKey: { id: found.key.id, name: found.key.name } }
}
