/**
 * user/ (issue 13): getUsers (page 20, search), updateUserEmail ("Email is required.", "Failed
 * to update email.", the new address unused; logged; both addresses told), end a user's sessions.
 */
import { AppError, MSG_EMAIL_IN_USE, MSG_EMAIL_INVALID_ADMIN, MSG_EMAIL_REQUIRED, MSG_FAILED_TO_UPDATE_EMAIL } from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { brandFor } from '../../mail/templates'
import { emailChangedTemplate } from '../../mail/staff-templates'
import { insertChange } from '../changelog/changelog.repository'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { endUserCredentials } from '../account/end-user-credentials'
import { findEmailChanges, findOwner, findUserByEmail, findUserLog, searchUsers, setUserEmail } from './admin.repository'
import type { Staff } from './staff-write'

export const USERS_PAGE_SIZE = 20

export async function getUsers(db: AppDeps['database']['db'], q: string | undefined, page: number) {
  const { rows, total } = await searchUsers(db, q, (page - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE)
  return { users: rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })), total, page, pageSize: USERS_PAGE_SIZE }
}

export const UpdateUserEmailSchema = z.object({
  userId: RecordIdSchema,
  email: z
    .string({ error: MSG_EMAIL_REQUIRED })
    .trim()
    .min(1, { error: MSG_EMAIL_REQUIRED })
    .max(254, { error: MSG_EMAIL_INVALID_ADMIN })
    .pipe(z.email({ error: MSG_EMAIL_INVALID_ADMIN }))
    .transform((v) => v.toLowerCase()),
})

export async function updateUserEmail(deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>, staff: Staff, input: z.infer<typeof UpdateUserEmailSchema>) {
  const db = deps.database.db
  const { before } = await db.transaction(async (tx) => {
    const user = await findOwner(tx, input.userId)
    if (!user) throw new AppError('NOT_FOUND', MSG_FAILED_TO_UPDATE_EMAIL)
    if (user.email === input.email) throw new AppError('VALIDATION', MSG_FAILED_TO_UPDATE_EMAIL, { modelState: { email: [MSG_EMAIL_IN_USE] } })
    if (await findUserByEmail(tx, input.email, user.id)) throw new AppError('CONFLICT', MSG_EMAIL_IN_USE, { modelState: { email: [MSG_EMAIL_IN_USE] } })
    await setUserEmail(tx, user.id, input.email)
    await insertChange(tx, {
      promotionId: null,
      userId: staff.id,
      entity: 'user',
      entityId: user.id,
      action: 'update-email',
      changes: { email: { from: user.email, to: input.email } },
    })
    return { before: user }
  })
  const brand = brandFor(deps.config)
  const message = emailChangedTemplate(brand, { firstName: before.firstName, oldEmail: before.email, newEmail: input.email })
  await deps.mailer.send({ to: before.email, ...message })
  await deps.mailer.send({ to: input.email, ...message })
  return { userId: before.id, email: input.email }
}

/** Ends every credential of the user (sessions, API keys, calendar feed address: issue 24), logged. */
export async function endUserSessions(db: AppDeps['database']['db'], staff: Staff, userId: number) {
  return db.transaction(async (tx) => {
    if (!(await findOwner(tx, userId))) throw new AppError('NOT_FOUND')
    const ended = await endUserCredentials(tx, userId, 'ended_by_staff')
    await insertChange(tx, {
      promotionId: null,
      userId: staff.id,
      entity: 'user',
      entityId: userId,
      action: 'end-sessions',
      changes: { sessions: { from: ended.sessions, to: 0 }, apiKeys: { from: ended.apiKeys, to: 0 }, calendarFeed: { from: ended.calendarFeeds, to: 0 } },
    })
    return { ended: ended.sessions, apiKeysRevoked: ended.apiKeys, calendarFeedReplaced: ended.calendarFeeds > 0 }
  })
}

export async function getUserLog(db: AppDeps['database']['db'], userId: number) {
  return (await findUserLog(db, userId)).map((e) => ({ ...e, at: e.at.toISOString() }))
}

/**
 * updateEmails (001 §7, GET): the e-mail address changes of every user, 20 a page, newest first;
 * `q` finds a change by the old, new or current address (an account asked about by a former address).
 */
export async function getEmailUpdates(db: AppDeps['database']['db'], q: string | undefined, page: number) {
  const { rows, total } = await findEmailChanges(db, q, (page - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE)
  return {
    changes: rows.map((r) => ({ ...r, at: r.at.toISOString(), name: `${r.firstName} ${r.lastName}`.trim() })),
    total,
    page,
    pageSize: USERS_PAGE_SIZE,
  }
}
