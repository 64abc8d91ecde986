import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError, MSG_PASSWORD_TOO_COMMON } from '@permitdesk/shared'

/**
 * The ~50,000 most common passwords shipped by @zxcvbn-ts/language-common (from leaked-password
 * frequency lists). Loaded on first use; compared case-insensitively.
 */
let common: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return common.has(password.toLowerCase())
}

/** A new password (register, reset, change) must not be on the list: 400 on the password field. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new AppError('VALIDATION', MSG_PASSWORD_TOO_COMMON, { modelState: { [field]: [MSG_PASSWORD_TOO_COMMON] } })
}
