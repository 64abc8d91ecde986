import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { findUserById, findUserPromotions } from './account.repository'
import { toUserView } from './account-view'

async function userOf(db: Db, userId: number) {
  const user = await findUserById(db, userId)
  if (!user) throw new AppError('UNAUTHENTICATED')
  return user
}

/** GET /api/account/get: the signed-in account. */
export async function getAccount(db: Db, userId: number) {
  return { ...toUserView(await userOf(db, userId)), loaded: true as const }
}

/** GET /api/account/current: who is signed in, 200 either way (a visitor's page logs no error). */
export async function getCurrentAccount(db: Db, userId: number | undefined) {
  const user = userId === undefined ? undefined : await findUserById(db, userId)
  return user ? { authenticated: true as const, user: toUserView(user) } : { authenticated: false as const, user: null }
}

/** GET /api/account/getDetails: the account with its creation and confirmation times. */
export async function getAccountDetails(db: Db, userId: number) {
  const user = await userOf(db, userId)
  return { ...toUserView(user), createdAt: user.createdAt.toISOString(), emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null }
}

/** GET /api/account/getSupportDetails (000 §7): name, organisation, phone, email, promotions. */
export async function getSupportDetails(db: Db, userId: number) {
  const user = await userOf(db, userId)
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    organisation: user.accountName,
    phone: user.phone,
    email: user.email,
    promotions: await findUserPromotions(db, user.id, 100),
  }
}
