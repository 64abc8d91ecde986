import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../changelog/changelog.repository'
import type { Db } from '../../db/client'
import { uploads } from '../../db/schema/uploads'

export type UploadRecord = typeof uploads.$inferSelect

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<UploadRecord> {
  const [row] = await db.insert(uploads).values(values).returning()
  return row!
}

export async function findUploadByServerName(db: Db, serverFileName: string): Promise<UploadRecord | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.serverFileName, serverFileName)).limit(1)
  return row
}

/** The uploads with these server names that belong to one of the users. */
export async function findUploadsOwnedBy(db: DbOrTx, serverFileNames: string[], userIds: number[]): Promise<UploadRecord[]> {
  if (serverFileNames.length === 0) return []
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.serverFileName, serverFileNames), inArray(uploads.userId, userIds)))
}

/** The bytes a user's uploads take (the per-user quota). */
export async function totalUploadBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq(uploads.userId, userId))
  return Number(row?.total ?? 0)
}

/**
 * Hands uploads a staff member made on a customer's behalf to the customer (attached to their
 * promotion): the customer may then download them, and another customer still may not.
 */
export async function transferUploads(db: DbOrTx, serverFileNames: string[], fromUserId: number, toUserId: number): Promise<number> {
  if (serverFileNames.length === 0 || fromUserId === toUserId) return 0
  const moved = await db
    .update(uploads)
    .set({ userId: toUserId })
    .where(and(inArray(uploads.serverFileName, serverFileNames), eq(uploads.userId, fromUserId)))
    .returning({ id: uploads.id })
  return moved.length
}
