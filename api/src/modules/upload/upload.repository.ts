import { eq } from 'drizzle-orm'
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
