import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema/index'
import type { ApiKeyRevokedReason } from '../../db/schema/api-keys'

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export async function insertApiKey(db: Db, values: { userId: number; name: string; prefix: string; keyHash: string }): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning()
  return row!
}

/** Inserts the key only while the user has fewer than `max` live keys (one statement, so two creates cannot both pass the check). */
export async function insertApiKeyWithin(
  db: Db,
  values: { userId: number; name: string; prefix: string; keyHash: string },
  max: number,
): Promise<ApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    // Serialises the creates of one user: the count below is then exact.
    await tx.execute(sql`select id from app.users where id = ${values.userId} for update`)
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, values.userId), isNull(apiKeys.revokedAt)))
    if (live >= max) return undefined
    const [row] = await tx.insert(apiKeys).values(values).returning()
    return row
  })
}

/** The user's keys, live and revoked (revoked ones show why), newest first. */
export async function findApiKeysOf(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}

/** Revokes every live key of the user, saying why; returns how many. */
export async function revokeApiKeysOf(db: DbOrTx, userId: number, reason: ApiKeyRevokedReason): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  return rows.length
}

/** Revokes the user's key; false when there is no such live key of this user. */
export async function revokeApiKey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedReason: 'revoked' })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  return rows.length > 0
}

/** The live key with this hash and its user. */
export async function findLiveApiKeyByHash(db: Db, keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1)
  return row
}

/** Records a use (at most once a minute per key, so busy scripts do not write on every call). */
export async function touchApiKey(db: Db, id: number): Promise<void> {
  await db.execute(sql`update app.api_keys set last_used_at = now() where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`)
}

/** Adds `n` hits to a rate-limit window (app.rate_limits) at once, starting a new window when it has passed; the count after. */
export async function addHits(db: Db, key: string, n: number, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const { rows } = await db.execute<{ count: number; reset_at: Date }>(sql`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, ${n}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, reset_at`)
  return { count: rows[0]!.count, resetAt: new Date(rows[0]!.reset_at) }
}
