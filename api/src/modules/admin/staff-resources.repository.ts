/** SQL of the staff resources (the CMS's staff-resources and staff-documents collections, read only). */
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../changelog/changelog.repository'

export type StaffResourceRow = {
  id: number
  title: string
  category: string
  kind: 'link' | 'document'
  url: string | null
  description: string | null
  order: number
  updatedAt: Date | string
  filename: string | null
  mimeType: string | null
  fileSize: number | null
}

/** In the editors' order; none when the CMS migrations have not run on this database. */
export async function findStaffResources(db: DbOrTx): Promise<StaffResourceRow[]> {
  // Checked first: a failing query would abort a caller's transaction.
  const exists = await db.execute(sql`select 1 from information_schema.tables where table_schema = 'cms' and table_name = 'staff_resources'`)
  if (exists.rows.length === 0) return []
  const result = await db.execute(sql`
    select r.id, r.title, r.category::text as category, r.kind::text as kind, r.url, r.description, coalesce(r."order", 0)::float8 as "order", r.updated_at as "updatedAt",
           d.filename, d.mime_type as "mimeType", d.filesize::float8 as "fileSize"
    from cms.staff_resources r left join cms.staff_documents d on d.id = r.document_id
    order by coalesce(r."order", 0) asc, lower(r.title) asc, r.id asc`)
  return result.rows as StaffResourceRow[]
}
