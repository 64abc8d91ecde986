import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { accountTokens, promotions, users, type UserRow } from '../../db/schema/index'
import { hashToken, newToken } from './session-store'

export type NewUser = typeof users.$inferInsert
export type TokenPurpose = 'confirm' | 'reset'

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1)
  return row
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** Inserts the user; undefined when the e-mail is taken (the unique constraint decides, not a prior read). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning()
  return row
}

export async function updateUser(
  db: Db,
  id: number,
  values: Omit<PgUpdateSetSource<typeof users>, 'id' | 'email' | 'isStaff' | 'createdAt'>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row
}

/** The ADMIN_EMAIL staff account: created, or its password and staff flag set again. */
export async function upsertStaffUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, isStaff: true })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash: values.passwordHash, isStaff: true, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() },
    })
    .returning()
  return row!
}

/** A new single-use token; only its hash is stored. Returns the token for the e-mail link. */
export async function createAccountToken(db: Db, userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = newToken()
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) })
  return token
}

/**
 * Spends a token: marks it used in the same statement that finds it, so a token works once even
 * when two requests race. Returns the user id, or undefined for an unknown, used or expired token.
 */
export async function consumeAccountToken(db: Db, token: string, purpose: TokenPurpose): Promise<number | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: accountTokens.userId })
  return row?.userId
}

/** Retires the user's other open tokens of a purpose (a reset spends every reset link sent before). */
export async function retireAccountTokens(db: Db, userId: number, purpose: TokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
}

/** The user's own promotions (not deleted), newest first: id, name, status. */
export async function findUserPromotions(db: Db, userId: number, limit: number) {
  return db
    .select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId })
    .from(promotions)
    .where(and(eq(promotions.userId, userId), eq(promotions.deleted, false)))
    .orderBy(desc(promotions.id))
    .limit(limit)
}

/** Marks the e-mail address confirmed (keeps the first confirmation time). */
export async function markEmailConfirmed(db: Db, userId: number) {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
}
