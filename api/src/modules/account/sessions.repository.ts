import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index'

/**
 * Starts a session row for the user and ends every other live one, under a lock of the user row
 * (two logins at once still leave exactly one live session).
 */
export async function replaceUserSessions(
  db: Db,
  values: { id: string; userId: number; clientSession: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from app.users where id = ${values.userId} for update`)
    await tx
      .update(sessions)
      .set({ endedAt: values.now, endedReason: 'replaced' })
      .where(and(eq(sessions.userId, values.userId), isNull(sessions.endedAt)))
    await tx.insert(sessions).values({
      id: values.id,
      userId: values.userId,
      clientSession: values.clientSession,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
    })
  })
}

/** The session with its user: one primary-key lookup. */
export async function findSessionWithUser(db: Db, id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1)
  return row
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, closingAt: null }).where(eq(sessions.id, id))
}

export async function endSession(db: Db, id: string, reason: string) {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
}

/** killsessions: the page is unloading; the session ends unless the browser comes back within the grace period. */
export async function markSessionClosing(db: Db, id: string) {
  await db
    .update(sessions)
    .set({ closingAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
}

/** Ends the user's live sessions (but `exceptId`); returns how many ended. */
export async function endUserSessions(db: DbOrTx, userId: number, reason: string, exceptId?: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : undefined))
    .returning({ id: sessions.id })
  return ended.length
}

/** A database handle or an open transaction. */
type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
