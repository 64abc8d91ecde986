import { APIError, type Access, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import { MSG_CMS_ACCOUNT_NOT_CREATED } from '@permitdesk/shared'
import { cmsRoleOf, isAdmin, nobody } from '../access'
import { CMS_IDENTITY_CONTEXT, permitdeskSessionStrategy } from '../auth/permitdesk-session'

/** Administrators see every CMS user; a marketing user only itself (the admin's `users/me`). */
const adminOrSelf: Access = ({ req }) => {
  const role = cmsRoleOf(req)
  if (role === 'admin') return true
  return role && req.user ? { id: { equals: req.user.id } } : false
}

/**
 * No CMS account is made with a password of its own (issue 24): the only create is the session
 * strategy's. This also shuts Payload's "create first user" form, which skips access rules.
 */
const onlyThroughPermitDesk: CollectionBeforeChangeHook = ({ operation, context, data }) => {
  if (operation === 'create' && context?.[CMS_IDENTITY_CONTEXT] !== true) throw new APIError(MSG_CMS_ACCOUNT_NOT_CREATED, 403, null, true)
  return data
}

/**
 * Staff who edit content. Customers never have a CMS account. Staff administrators and marketing
 * users signed in to PermitDesk arrive through `permitdeskSessionStrategy` (one identity); the
 * rows here only mirror them (for authorship), they grant nothing.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'email', group: 'Staff' },
  auth: {
    tokenExpiration: 60 * 60 * 8,
    maxLoginAttempts: 10,
    lockTime: 15 * 60 * 1000,
    strategies: [permitdeskSessionStrategy],
    // Secure whenever the public address is https (issue 18), as the API's session cookie.
    cookies: { secure: (process.env.PUBLIC_URL ?? '').startsWith('https:'), sameSite: 'Lax' },
  },
  access: { admin: ({ req }) => cmsRoleOf(req) !== null, read: adminOrSelf, create: nobody, update: nobody, delete: isAdmin },
  hooks: { beforeChange: [onlyThroughPermitDesk] },
  fields: [{ name: 'name', type: 'text' }],
}
