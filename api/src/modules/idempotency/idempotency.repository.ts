import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema/index'
import { CONNECTION_IDENTITY_SQL } from '../../db/notifications'

export type IdempotencyId = { userId: number; route: string; key: string }

const where = (id: IdempotencyId) => and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.route, id.route), eq(idempotencyKeys.key, id.key))

/** Claims the key for a first request; undefined when it is already claimed (by a live row). */
export async function claimIdempotencyKey(db: Db, id: IdempotencyId, bodyHash: string, ttlMs: number, claimedBy: string | null = null): Promise<boolean> {
  // An expired claim is forgotten first, so the key can be used again.
  await db.delete(idempotencyKeys).where(and(where(id), lt(idempotencyKeys.expiresAt, new Date())))
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, bodyHash, claimedBy, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

export async function findIdempotencyKey(db: Db, id: IdempotencyId): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(where(id)).limit(1)
  return row
}

export async function storeIdempotentAnswer(db: Db, id: IdempotencyId, status: number, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, answer: answer as object })
    .where(where(id))
}

export async function releaseIdempotencyKey(db: Db, id: IdempotencyId): Promise<void> {
  await db.delete(idempotencyKeys).where(where(id))
}

/**
 * Forgets a claim that will never be answered: its process died before answering (its listening
 * connection is gone from pg_stat_activity), or, for a claim made without one, it is older than
 * `orphanAfterMs`. True when one was forgotten, so the caller may claim the key again.
 */
export async function releaseAbandonedClaim(db: Db, id: IdempotencyId, orphanAfterMs: number): Promise<boolean> {
  const released = await db
    .delete(idempotencyKeys)
    .where(
      and(
        where(id),
        isNull(idempotencyKeys.status),
        sql`case when ${idempotencyKeys.claimedBy} is null then ${idempotencyKeys.createdAt} < now() - ${orphanAfterMs} * interval '1 millisecond'
                 else not exists (select 1 from pg_stat_activity where ${sql.raw(CONNECTION_IDENTITY_SQL)} = ${idempotencyKeys.claimedBy}) end`,
      ),
    )
    .returning({ key: idempotencyKeys.key })
  return released.length > 0
}
