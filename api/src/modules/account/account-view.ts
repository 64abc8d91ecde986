import type { UserViewWire } from '@permitdesk/shared'
import type { UserRow } from '../../db/schema/index'

/** The user as the app reads it (001 §3 User), plus `agent` (staff) and whether the e-mail is confirmed. */
export type UserView = UserViewWire

export function toUserView(user: UserRow): UserView {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    optedIntoCommunication: user.optedIntoCommunication,
    authorisedAgent: user.authorisedAgent,
    agentBusinessAddress: user.agentBusinessAddress ?? null,
    agent: user.isStaff,
    emailConfirmed: user.emailConfirmedAt !== null,
  }
}
