import { AppError, type Login } from '@permitdesk/shared'
import type { UserRow } from '../../db/schema/index'
import { findUserByEmail } from './account.repository'
import type { AccountDeps } from './account-deps'
import { verifyPassword } from './passwords'
import { clearLimit, hit, hitOrThrow, RATE_LIMITS, refundHit } from './rate-limit'
import { sendConfirmationEmail } from './send-account-emails'
import { createSession } from './session-store'

/**
 * POST /api/account/login. Attempts count per account and per client address, counted and checked
 * in one atomic statement before the password is checked (so 100 parallel guesses cannot all pass:
 * each attempt reserves its place first). A success clears the account's count and gives back its
 * own reservation on the address, so only failures use up an address's limit (an office behind one
 * NAT address signs in all day); successes per address meet their own, much higher ceiling.
 * An unconfirmed account gets a new confirmation link instead of a session, at most
 * RATE_LIMITS.mailPerAddress an hour. Success ends the user's other sessions (000 §4) and starts a
 * new one (the session id rotates on every login).
 */
export async function signIn(
  deps: AccountDeps,
  input: Login,
  { address, clientSession }: { address: string; clientSession?: string | null },
): Promise<{ user: UserRow; token: string }> {
  const accountKey = `login:account:${input.email}`
  const addressKey = `login:address:${address}`
  await hitOrThrow(deps.db, accountKey, RATE_LIMITS.loginPerAccount)
  await hitOrThrow(deps.db, addressKey, RATE_LIMITS.loginPerAddress)
  const user = await findUserByEmail(deps.db, input.email)
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw new AppError('LOGIN_FAILED')
  }
  await refundHit(deps.db, addressKey)
  await hitOrThrow(deps.db, `login:success:${address}`, RATE_LIMITS.loginSuccessPerAddress)
  await clearLimit(deps.db, accountKey)
  if (!user.emailConfirmedAt) {
    const { count } = await hit(deps.db, `mail:confirm:${user.email}`, RATE_LIMITS.mailPerAddress)
    if (count <= RATE_LIMITS.mailPerAddress.limit) await sendConfirmationEmail(deps, user)
    throw new AppError('EMAIL_NOT_CONFIRMED')
  }
  const token = await createSession(deps.db, user.id, clientSession)
  return { user, token }
}
