import type { AccountUpdate } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema/index'
import { updateUser } from './account.repository'

/** POST /api/account/update: the account edit form. E-mail and the staff flag are not editable here. */
export async function updateAccount(db: Db, userId: number, input: AccountUpdate): Promise<UserRow> {
  const user = await updateUser(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? (input.agentBusinessAddress ?? null) : null,
  })
  return user!
}
