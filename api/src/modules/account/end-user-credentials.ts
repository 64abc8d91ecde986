import type { Db } from '../../db/client'
import type { ApiKeyRevokedReason } from '../../db/schema/api-keys'
import { revokeApiKeysOf } from '../api-keys/api-keys.repository'
import { deleteCalendarFeed } from '../reminders/reminders.repository'
import { endUserSessions } from './sessions.repository'

export type CredentialsEndReason = Exclude<ApiKeyRevokedReason, 'revoked'>

/**
 * Ends every credential of a user together (issue 24), in one transaction: the sessions (all but
 * `exceptSessionId`, the one changing its own password), the API keys (revoked, with the reason the
 * account screen shows) and the calendar feed address (forgotten: the old address answers 404 and
 * the next ask makes a new one). Used by a password change, a reset and staff "end sessions", so a
 * stolen key or feed address dies with the password it was made under. Given a transaction, it
 * runs inside it (a savepoint). Other processes see it at
 * once: keys and feeds are read from the database on every call, and the session triggers notify
 * the session caches (decision 018).
 */
export async function endUserCredentials(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: number,
  reason: CredentialsEndReason,
  { exceptSessionId }: { exceptSessionId?: string } = {},
) {
  return db.transaction(async (tx) => {
    const sessions = await endUserSessions(tx, userId, reason, exceptSessionId)
    const apiKeys = await revokeApiKeysOf(tx, userId, reason)
    const calendarFeeds = await deleteCalendarFeed(tx, userId)
    return { sessions, apiKeys, calendarFeeds }
  })
}
