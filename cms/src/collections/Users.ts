import type { CollectionConfig } from 'payload'
import { isStaff } from '../access'
import { permitdeskSessionStrategy } from '../auth/permitdesk-session'

/**
 * Staff who edit content. Customers never have a CMS account. Staff administrators and marketing
 * users signed in to PermitDesk arrive through `permitdeskSessionStrategy` (one identity).
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
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  fields: [{ name: 'name', type: 'text' }],
}
