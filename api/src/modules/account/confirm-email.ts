import type { Db } from '../../db/client'
import { consumeAccountToken, markEmailConfirmed } from './account.repository'

/** The e-mail link (000 §4 Unconfirmed → Confirmed). True when the token was good. */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  const userId = await consumeAccountToken(db, token, 'confirm')
  if (!userId) return false
  await markEmailConfirmed(db, userId)
  return true
}
