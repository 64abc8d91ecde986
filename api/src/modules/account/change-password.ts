import { AppError, MSG_CURRENT_PASSWORD_WRONG, type ChangePassword } from '@permitdesk/shared'
import { findUserById, updateUser } from './account.repository'
import type { AccountDeps } from './account-deps'
import { assertPasswordNotCommon } from './common-passwords'
import { hashPassword, verifyPassword } from './passwords'
import { hitOrThrow, RATE_LIMITS } from './rate-limit'
import { endUserCredentials } from './end-user-credentials'

/**
 * POST /api/account/changePassword: the current password must be given (a stolen session alone
 * cannot take the account over); guesses count against the login limit of the account. The new
 * password ends every other credential of the user: the other sessions, the API keys and the
 * calendar feed address (issue 24; the account screen says so before the user confirms).
 */
export async function changePassword(deps: AccountDeps, userId: number, sessionId: string, input: ChangePassword): Promise<void> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('UNAUTHENTICATED')
  await hitOrThrow(deps.db, `login:account:${user.email}`, RATE_LIMITS.loginPerAccount)
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('VALIDATION', MSG_CURRENT_PASSWORD_WRONG, { modelState: { currentPassword: [MSG_CURRENT_PASSWORD_WRONG] } })
  }
  assertPasswordNotCommon(input.password)
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) })
  await endUserCredentials(deps.db, userId, 'password_changed', { exceptSessionId: sessionId })
}
