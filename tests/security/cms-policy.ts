/**
 * Issue 24, the CMS half of the authorisation matrix: who may read and write each Payload
 * collection and global over its REST routes (/cms-api/). Marketing edits the site's content and
 * nothing else; staff-only collections are for administrators; nobody makes a CMS account.
 * - read `anyone`: every role; `published`: everyone, drafts only for editors; `editors`:
 *   marketing and administrators; `admin`: administrators; `self`: administrators see every
 *   CMS user, marketing only itself, the rest nothing.
 * - write (create a document; update for a global): `editors`, `admin` or `nobody`.
 */
export type CmsRole = 'anonymous' | 'customer' | 'marketing' | 'admin' | 'roleRemoved'
export const CMS_ROLES: CmsRole[] = ['anonymous', 'customer', 'marketing', 'admin', 'roleRemoved']

type Read = 'anyone' | 'published' | 'editors' | 'admin' | 'self'
type Write = 'editors' | 'admin' | 'nobody'

export const CMS_COLLECTION_POLICY: Record<string, { read: Read; write: Write }> = {
  pages: { read: 'published', write: 'editors' },
  news: { read: 'published', write: 'editors' },
  'support-items': { read: 'anyone', write: 'editors' },
  reviews: { read: 'anyone', write: 'editors' },
  media: { read: 'anyone', write: 'editors' },
  'site-builds': { read: 'editors', write: 'nobody' },
  'terms-clauses': { read: 'admin', write: 'admin' },
  'staff-resources': { read: 'admin', write: 'admin' },
  'staff-documents': { read: 'admin', write: 'admin' },
  users: { read: 'self', write: 'nobody' },
}

export const CMS_GLOBAL_POLICY: Record<string, { read: Read; write: Write }> = {
  'site-settings': { read: 'anyone', write: 'admin' },
}

const editor = (role: CmsRole) => role === 'marketing' || role === 'admin'

/** Whether the role may read the collection at all (a `published` read is open, filtered). */
export const mayRead = (read: Read, role: CmsRole) =>
  read === 'anyone' ||
  read === 'published' ||
  (read === 'editors' && editor(role)) ||
  (read === 'admin' && role === 'admin') ||
  (read === 'self' && editor(role))

export const mayWrite = (write: Write, role: CmsRole) => (write === 'editors' && editor(role)) || (write === 'admin' && role === 'admin')
