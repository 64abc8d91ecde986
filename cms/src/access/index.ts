import type { Access, PayloadRequest } from 'payload'
import { STRATEGY_NAME } from '../auth/permitdesk-session'

/** A CMS role: `admin` (staff administrator) or `marketing` (site content only). */
export type CmsRole = 'admin' | 'marketing'

/**
 * The role of the request's user, read from PermitDesk on this very request (issue 24): only a
 * user the PermitDesk session strategy vouched for has one, with the app's role of the moment, so
 * removing the role or ending the sessions ends CMS access at once. A Payload-local login (its
 * own password or JWT) has no role and reaches nothing: the CMS user list is not a second account
 * system.
 */
export function cmsRoleOf(req: Pick<PayloadRequest, 'user'>): CmsRole | null {
  const user = req.user as (PayloadRequest['user'] & { _strategy?: string; role?: unknown }) | null
  if (!user || user._strategy !== STRATEGY_NAME) return null
  return user.role === 'admin' || user.role === 'marketing' ? user.role : null
}

export const anyone: Access = () => true
/** Staff administrators only: staff resources and documents, T&C clauses, site settings, CMS users. */
export const isAdmin: Access = ({ req }) => cmsRoleOf(req) === 'admin'
/** Whoever edits the public site's content: marketing and staff administrators. */
export const isContentEditor: Access = ({ req }) => cmsRoleOf(req) !== null
/** Published documents for everyone, drafts too for content editors. */
export const publishedOrEditor: Access = ({ req }) => (cmsRoleOf(req) ? true : { _status: { equals: 'published' } })
/** Never through an access check (rows written by the system with overrideAccess). */
export const nobody: Access = () => false
