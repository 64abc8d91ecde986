import { AppError, MSG_ALREADY_REGISTERED, type Register } from '@permitdesk/shared'
import type { UserRow } from '../../db/schema/index'
import { insertUser } from './account.repository'
import type { AccountDeps } from './account-deps'
import { assertPasswordNotCommon } from './common-passwords'
import { hashPassword } from './passwords'
import { sendConfirmationEmail } from './send-account-emails'

/**
 * POST /api/account/register: creates an unconfirmed customer and e-mails the confirmation link.
 * An e-mail that has an account answers "Already registered." (001 §8; the app then flags the
 * login screen). A customer call never sets the staff flag.
 */
export async function registerAccount(deps: AccountDeps, input: Register): Promise<UserRow> {
  assertPasswordNotCommon(input.password)
  const user = await insertUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? (input.agentBusinessAddress ?? null) : null,
    isStaff: false,
  })
  if (!user) throw new AppError('CONFLICT', MSG_ALREADY_REGISTERED, { modelState: { email: [MSG_ALREADY_REGISTERED] } })
  await sendConfirmationEmail(deps, user)
  return user
}
