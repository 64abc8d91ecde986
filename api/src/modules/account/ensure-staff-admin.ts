import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import { upsertStaffUser } from './account.repository'
import { hashPassword } from './passwords'

/** DESIGN.md §3: ADMIN_EMAIL/ADMIN_PASSWORD create or update the first staff administrator at start. */
export async function ensureStaffAdmin(db: Db, config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }, logger: Logger) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return
  const user = await upsertStaffUser(db, {
    email: config.ADMIN_EMAIL.toLowerCase(),
    passwordHash: await hashPassword(config.ADMIN_PASSWORD),
    firstName: 'Staff',
    lastName: 'Administrator',
    accountName: 'Staff',
    isStaff: true,
    emailConfirmedAt: new Date(),
  })
  logger.info('staff administrator ready', { email: user.email })
}
