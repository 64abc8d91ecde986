import argon2 from 'argon2'

/** argon2id with the library's defaults (OWASP-level memory cost). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id })
}

let dummyHash: Promise<string> | undefined

/**
 * Verifies a password. With no hash (unknown e-mail) it still spends the time of one
 * verification, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-0123456789')
    await argon2.verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
