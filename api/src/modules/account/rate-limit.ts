import { AppError, msgTooManyAttempts } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { countHit, deleteWindow, findWindow, uncountHit } from './rate-limit.repository'

/**
 * Brute-force limits (fixed windows, counted in PostgreSQL so every API process shares them).
 * Login counts failed attempts per account and per client address; forgot password counts every
 * request per account and per address.
 */
export const RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** Successful sign-ins per address: a credential-stuffing run that often succeeds is still slowed. */
  loginSuccessPerAddress: { limit: 1000, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  forgotPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  /** Confirmation and reset e-mails to one address (mail bombing). */
  mailPerAddress: { limit: 3, windowMs: 60 * 60_000 },
  /** Contact forms: per client address and per sender e-mail. */
  contactPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  contactPerEmail: { limit: 5, windowMs: 60 * 60_000 },
} as const
export type RateLimit = { limit: number; windowMs: number }

/** Throws RATE_LIMITED (429, with the minutes to wait) when the key has used its window. */
export async function assertNotLimited(db: Db, key: string, { limit }: RateLimit) {
  const window = await findWindow(db, key)
  if (window && window.count >= limit) throw tooMany(window.resetAt)
}

/** Counts one attempt; returns the count in the current window. */
export async function hit(db: Db, key: string, { windowMs }: RateLimit): Promise<{ count: number; resetAt: Date }> {
  return countHit(db, key, windowMs)
}

/**
 * Counts one attempt and throws RATE_LIMITED once the limit is passed. One statement (insert … on
 * conflict … returning count), so parallel attempts cannot all read the count before any writes it.
 */
export async function hitOrThrow(db: Db, key: string, rule: RateLimit) {
  const { count, resetAt } = await hit(db, key, rule)
  if (count > rule.limit) throw tooMany(resetAt)
}

/** Gives back the caller's own hit (see uncountHit). */
export async function refundHit(db: Db, key: string) {
  await uncountHit(db, key)
}

export async function clearLimit(db: Db, key: string) {
  await deleteWindow(db, key)
}

function tooMany(resetAt: Date) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return new AppError('RATE_LIMITED', msgTooManyAttempts(minutes), { retryAfterSeconds: seconds })
}
