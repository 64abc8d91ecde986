import type { Access } from 'payload'

/** Any signed-in CMS user (staff only: customers have no CMS account). */
export const isStaff: Access = ({ req }) => Boolean(req.user)
export const anyone: Access = () => true
/** Published documents for the public, drafts too for staff. */
export const publishedOrStaff: Access = ({ req }) => (req.user ? true : { _status: { equals: 'published' } })
