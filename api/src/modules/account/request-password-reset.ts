import { msgPasswordTokenSent, type ForgotPassword } from '@permitdesk/shared'
import { findUserByEmail } from './account.repository'
import type { AccountDeps } from './account-deps'
import { hit, hitOrThrow, RATE_LIMITS } from './rate-limit'
import { sendPasswordResetEmail } from './send-account-emails'

/**
 * POST /api/account/forgotPassword: the same answer whether or not the address has an account (no
 * enumeration); the e-mail goes out after the answer so its time tells nothing either.
 */
export async function requestPasswordReset(deps: AccountDeps, input: ForgotPassword, { address }: { address: string }): Promise<{ message: string }> {
  await hitOrThrow(deps.db, `forgot:account:${input.email}`, RATE_LIMITS.forgotPerAccount)
  await hitOrThrow(deps.db, `forgot:address:${address}`, RATE_LIMITS.forgotPerAddress)
  const user = await findUserByEmail(deps.db, input.email)
  // Reset mails share the per-address mail budget with confirmation mails (mail bombing).
  if (user && (await hit(deps.db, `mail:reset:${user.email}`, RATE_LIMITS.mailPerAddress)).count <= RATE_LIMITS.mailPerAddress.limit) {
    void sendPasswordResetEmail(deps, user).catch((error) =>
      deps.logger.error('password reset e-mail failed', { userId: user.id, error: error instanceof Error ? error.message : String(error) }),
    )
  }
  return { message: msgPasswordTokenSent(input.email) }
}
