/**
 * resources/ (issue 13): links and documents for staff, edited in the CMS (the `staff-resources`
 * collection, cms.staff_resources; documents in `staff-documents`). The API only reads them, in
 * the editors' order; a document is downloaded through Payload (its access check: staff only).
 */
import type { DbOrTx } from '../changelog/changelog.repository'
import { findStaffResources } from './staff-resources.repository'

export type StaffResource = {
  id: number
  title: string
  category: string
  kind: 'link' | 'document'
  description: string | null
  /** The link, or the document's download address (/cms-api/staff-documents/file/{filename}). */
  href: string | null
  fileName: string | null
  mimeType: string | null
  fileSize: number | null
  updatedAt: string
}

/** The category order of the screen (the CMS collection's options). */
const CATEGORY_ORDER = ['regulators', 'forms', 'guides', 'internal']

export async function getStaffResources(db: DbOrTx): Promise<StaffResource[]> {
  const rows = await findStaffResources(db)
  const rank = (category: string) => (CATEGORY_ORDER.indexOf(category) + CATEGORY_ORDER.length + 1) % (CATEGORY_ORDER.length + 1)
  return rows
    .map((r, index) => ({ r, index }))
    .sort((a, b) => rank(a.r.category) - rank(b.r.category) || a.index - b.index)
    .map(({ r }) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      kind: r.kind,
      description: r.description || null,
      href: r.kind === 'link' ? r.url : r.filename ? `/cms-api/staff-documents/file/${encodeURIComponent(r.filename)}` : null,
      fileName: r.kind === 'document' ? r.filename : null,
      mimeType: r.kind === 'document' ? r.mimeType : null,
      fileSize: r.kind === 'document' && r.fileSize !== null ? Number(r.fileSize) : null,
      updatedAt: new Date(r.updatedAt).toISOString(),
    }))
}
