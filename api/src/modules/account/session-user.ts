import type { UserRow } from '../../db/schema/index'

/** The signed-in user as every route sees it (`res.locals.user`). */
export type SessionUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  accountName: string
  phone: string | null
  authorisedAgent: boolean
  isStaff: boolean
  /** For staff: `admin` (console, admin calls, CMS) or `marketing` (CMS only). Null for customers. */
  staffRole: 'admin' | 'marketing' | null
}

/** What a route may know of the user row (defined outside http/ so api-keys and auth both import it). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    authorisedAgent: user.authorisedAgent,
    isStaff: user.isStaff,
    staffRole: user.isStaff ? 'admin' : user.staffRole === 'marketing' ? 'marketing' : null,
  }
}
