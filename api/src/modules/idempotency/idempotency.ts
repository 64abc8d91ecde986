/**
 * `Idempotency-Key` on create, save and payment calls (routes declared `idempotent: true`): the
 * same key, user and call with the same body within 24 hours answers the first answer again
 * (with `Idempotent-Replayed: true`); with a different body it is refused (422). A first request
 * that fails keeps nothing, so a retry runs again. Without the header a call runs as usual. A call
 * whose answer is a secret shown once (`idempotentSecret`) keeps only a reference and refuses the replay.
 */
import crypto from 'node:crypto'
import type { Request, Response } from 'express'
import { AppError, MSG_IDEMPOTENCY_IN_PROGRESS, MSG_IDEMPOTENCY_KEY_INVALID, MSG_IDEMPOTENCY_KEY_REUSED } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { RouteHooks, RouteSpec } from '../../http/route'
import type { Notifications } from '../../db/notifications'
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseAbandonedClaim,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyId,
} from './idempotency.repository'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000
/** A claim made while the process had no listening connection counts as abandoned after this long unanswered. */
export const IDEMPOTENCY_ORPHAN_MS = 10 * 60_000

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export const hashBody = (body: unknown) =>
  crypto
    .createHash('sha256')
    .update(canonical(body ?? {}))
    .digest('hex')

/**
 * `notifications` names the claiming process (its listening connection), so that a retry after
 * a crash of that process runs again instead of waiting for an answer that will never come
 * (the use cases' own guards, such as the locked promotion row of a payment, make the rerun safe).
 */
export function idempotencyHook(db: Db, notifications?: Pick<Notifications, 'identity'>): NonNullable<RouteHooks['idempotency']> {
  return async (spec: RouteSpec, req: Request, res: Response, run: () => Promise<unknown>) => {
    const header = req.get('idempotency-key')
    const user = res.locals.user as { id: number } | undefined
    if (header === undefined || !user) return run()
    if (header.length < 1 || header.length > 200)
      throw new AppError('VALIDATION', MSG_IDEMPOTENCY_KEY_INVALID, { modelState: { 'Idempotency-Key': [MSG_IDEMPOTENCY_KEY_INVALID] } })
    const id: IdempotencyId = { userId: user.id, route: `${spec.method.toUpperCase()} ${spec.path.toLowerCase()}`, key: header }
    const bodyHash = hashBody(req.body)
    const claim = async () => claimIdempotencyKey(db, id, bodyHash, IDEMPOTENCY_TTL_MS, notifications?.identity ?? null)
    let claimed = await claim()
    if (!claimed && (await releaseAbandonedClaim(db, id, IDEMPOTENCY_ORPHAN_MS))) claimed = await claim()
    if (claimed) {
      let answer: unknown
      try {
        answer = await run()
      } catch (error) {
        await releaseIdempotencyKey(db, id)
        throw error
      }
      // A secret shown once is never kept: only a reference to what was created.
      const stored = spec.idempotentSecret ? { secretShownOnce: true, id: (answer as { id?: unknown } | undefined)?.id ?? null } : (answer ?? { ok: true })
      await storeIdempotentAnswer(db, id, spec.status ?? 200, stored)
      return answer
    }
    const stored = await findIdempotencyKey(db, id)
    if (!stored) return run()
    if (stored.bodyHash !== bodyHash) throw new AppError('IDEMPOTENCY_MISMATCH', MSG_IDEMPOTENCY_KEY_REUSED)
    if (stored.status === null) throw new AppError('CONFLICT', MSG_IDEMPOTENCY_IN_PROGRESS)
    if (spec.idempotentSecret) throw new AppError('CONFLICT', spec.idempotentSecret, { modelState: { 'Idempotency-Key': [spec.idempotentSecret] } })
    res.set('Idempotent-Replayed', 'true')
    return stored.answer
  }
}
