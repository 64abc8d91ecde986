import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import { findUserByEmail, upsertStaffUser } from './account.repository'
import { hashPassword, verifyPassword } from './passwords'
import { endUserSessions } from './session-store'

/**
 * DESIGN.md §3: ADMIN_EMAIL/ADMIN_PASSWORD create or update the first staff administrator at start.
 * A changed ADMIN_PASSWORD (the way to reset a lost or leaked one) ends that admin's sessions; an
 * unchanged one leaves them alone, so a restart does not sign staff out.
 */
export async function ensureStaffAdmin(db: Db, config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }, logger: Logger) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return
  const email = config.ADMIN_EMAIL.toLowerCase()
  const existing = await findUserByEmail(db, email)
  const unchanged = existing?.isStaff && (await verifyPassword(existing.passwordHash, config.ADMIN_PASSWORD))
  if (unchanged) return void logger.info('staff administrator ready', { email })
  const user = await upsertStaffUser(db, {
    email,
    passwordHash: await hashPassword(config.ADMIN_PASSWORD),
    firstName: 'Staff',
    lastName: 'Administrator',
    accountName: 'Staff',
    isStaff: true,
    emailConfirmedAt: new Date(),
  })
  if (existing) await endUserSessions(db, user.id, 'admin_password_reset')
  logger.info(existing ? 'staff administrator password reset; its sessions ended' : 'staff administrator ready', { email: user.email })
}
