import { AppError, type Login } from '@permitdesk/shared'
import type { UserRow } from '../../db/schema/index'
import { findUserByEmail } from './account.repository'
import type { AccountDeps } from './account-deps'
import { verifyPassword } from './passwords'
import { assertNotLimited, clearLimit, hit, RATE_LIMITS } from './rate-limit'
import { sendConfirmationEmail } from './send-account-emails'
import { createSession } from './session-store'

/**
 * POST /api/account/login. Failed attempts count per account and per client address; over the
 * limit the answer is 429 before the password is even checked. An unconfirmed account gets a new
 * confirmation link instead of a session. Success ends the user's other sessions (000 §4) and
 * starts a new one (the session id rotates on every login).
 */
export async function signIn(deps: AccountDeps, input: Login, { address, clientSession }: { address: string; clientSession?: string | null }): Promise<{ user: UserRow; token: string }> {
  const accountKey = `login:account:${input.email}`
  const addressKey = `login:address:${address}`
  await assertNotLimited(deps.db, accountKey, RATE_LIMITS.loginPerAccount)
  await assertNotLimited(deps.db, addressKey, RATE_LIMITS.loginPerAddress)
  const user = await findUserByEmail(deps.db, input.email)
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    await hit(deps.db, accountKey, RATE_LIMITS.loginPerAccount)
    await hit(deps.db, addressKey, RATE_LIMITS.loginPerAddress)
    throw new AppError('LOGIN_FAILED')
  }
  await clearLimit(deps.db, accountKey)
  if (!user.emailConfirmedAt) {
    await sendConfirmationEmail(deps, user)
    throw new AppError('EMAIL_NOT_CONFIRMED')
  }
  const token = await createSession(deps.db, user.id, clientSession)
  return { user, token }
}
