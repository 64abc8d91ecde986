/** The only module that writes SQL for the sandbox gateway's charges and PaymentIntents. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sandboxCharges, sandboxIntents, type SandboxIntentRow } from '../../db/schema/sandbox-gateway'

/**
 * Keeps the first answer to an idempotency key (and, for `requires_action`, its PaymentIntent,
 * in the same transaction) and returns the answer that stands: this one, or the one another
 * process recorded first for the same key.
 */
export async function recordSandboxAnswer<T>(db: Db, idempotencyKey: string, answer: T, intent?: typeof sandboxIntents.$inferInsert): Promise<T> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(sandboxCharges).values({ idempotencyKey, answer }).onConflictDoNothing().returning({ key: sandboxCharges.idempotencyKey })
    if (inserted.length > 0) {
      if (intent) await tx.insert(sandboxIntents).values(intent)
      return answer
    }
    const [first] = await tx.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
    return first!.answer as T
  })
}

export async function findSandboxAnswer<T>(db: Db, idempotencyKey: string): Promise<T | undefined> {
  const [row] = await db.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
  return row?.answer as T | undefined
}

export async function findSandboxIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id))
  return row
}

export async function findSandboxIntentBySecret(db: Db, clientSecret: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret))
  return row
}

/**
 * Decides a challenge once: only an intent still `requires_action` changes, so a second click
 * or a replayed request (on any process) answers what was decided first.
 */
export async function decideSandboxIntent(db: Db, clientSecret: string, status: 'succeeded' | 'failed'): Promise<SandboxIntentRow | undefined> {
  await db
    .update(sandboxIntents)
    .set({ status, decidedAt: sql`now()` })
    .where(and(eq(sandboxIntents.clientSecret, clientSecret), eq(sandboxIntents.status, 'requires_action')))
  return findSandboxIntentBySecret(db, clientSecret)
}
