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

/**
 * The bytes a user's files take against the per-user quota: their uploads and their promotions'
 * entry receipt files (issue 27), counted the same way wherever a file is checked (upload-limits.ts).
 */
export async function quotaUsedBytes(db: DbOrTx, userId: number): Promise<number> {
  const { rows } = await db.execute<{ total: string }>(sql`
    select (select coalesce(sum(size_bytes), 0) from app.uploads where user_id = ${userId})
         + (select coalesce(sum(size_bytes), 0) from app.entry_files where user_id = ${userId}) as total`)
  return Number(rows[0]?.total ?? 0)
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

/**
 * Deletes the uploads made before `cutoff` that nothing refers to (issue 18's sweeper) and answers
 * their storage names. Referred to means: named by an attachment of any promotion (deleted ones
 * too: staff can restore them), by a permit number's document or by a closed compliance duty. One statement, so an upload is
 * judged and removed atomically; the caller then removes the files.
 */
export async function deleteUnattachedUploads(db: Db, cutoff: Date, batch = 1000): Promise<string[]> {
  const result = await db.execute<{ server_file_name: string }>(sql`
    with referenced as (
      select a ->> 'fileName' as name
        from app.promotions p, jsonb_array_elements(case jsonb_typeof(p.attachments) when 'array' then p.attachments else '[]'::jsonb end) a
       where jsonb_typeof(a) = 'object' and a ? 'fileName'
      union
      select v ->> 'fileName'
        from app.promotions p, jsonb_each(case jsonb_typeof(p.permit_numbers) when 'object' then p.permit_numbers else '{}'::jsonb end) e(k, v)
       where jsonb_typeof(v) = 'object' and v ? 'fileName'
      union
      -- a compliance duty closed with this file as proof (issue #30)
      select reference from app.obligation_proofs where kind = 'upload'
    ), doomed as (
      select u.id from app.uploads u
       where u.created_at < ${cutoff}
         and not exists (select 1 from referenced r where r.name = u.server_file_name)
       order by u.id
       limit ${batch}
       for update skip locked
    )
    delete from app.uploads u using doomed where u.id = doomed.id
    returning u.server_file_name`)
  return result.rows.map((row) => row.server_file_name)
}
