import type { UserRow } from '../../db/schema/index'
import { brandFor, confirmEmailTemplate, resetPasswordTemplate } from '../../mail/templates'
import { createAccountToken } from './account.repository'
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type AccountDeps } from './account-deps'

/** Registration (000 §4 Unconfirmed → Confirmed): the link confirms the address. */
export async function sendConfirmationEmail(deps: AccountDeps, user: UserRow) {
  const token = await createAccountToken(deps.db, user.id, 'confirm', CONFIRM_TOKEN_TTL_MS)
  const url = `${deps.config.PUBLIC_URL}/api/account/confirmEmail?token=${encodeURIComponent(token)}`
  await deps.mailer.send({ to: user.email, ...confirmEmailTemplate(brandFor(deps.config), { firstName: user.firstName, url }) })
}

/** Forgot password: the link opens /account/resetpassword/{token}/. */
export async function sendPasswordResetEmail(deps: AccountDeps, user: UserRow) {
  const token = await createAccountToken(deps.db, user.id, 'reset', RESET_TOKEN_TTL_MS)
  const url = `${deps.config.PUBLIC_URL}/account/resetpassword/${encodeURIComponent(token)}/`
  await deps.mailer.send({ to: user.email, ...resetPasswordTemplate(brandFor(deps.config), { firstName: user.firstName, url }) })
}
