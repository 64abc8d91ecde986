import { AppError, MSG_RESET_TOKEN_REQUIRED, type ResetPassword } from '@permitdesk/shared'
import { consumeAccountToken, markEmailConfirmed, retireAccountTokens, updateUser } from './account.repository'
import type { AccountDeps } from './account-deps'
import { assertPasswordNotCommon } from './common-passwords'
import { hashPassword } from './passwords'
import { endUserCredentials } from './end-user-credentials'

/**
 * POST /api/account/resetPassword: the token works once and expires; the new password ends every
 * credential of the account (sessions, API keys, the calendar feed address) and spends the other reset links. Following the link also proves the address.
 */
export async function resetPassword(deps: AccountDeps, input: ResetPassword): Promise<void> {
  assertPasswordNotCommon(input.password)
  const userId = await consumeAccountToken(deps.db, input.token, 'reset')
  if (!userId) throw new AppError('VALIDATION', MSG_RESET_TOKEN_REQUIRED, { modelState: { token: [MSG_RESET_TOKEN_REQUIRED] } })
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) })
  await markEmailConfirmed(deps.db, userId)
  await retireAccountTokens(deps.db, userId, 'reset')
  await endUserCredentials(deps.db, userId, 'password_reset')
}
