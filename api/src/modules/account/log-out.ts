import type { Db } from '../../db/client'
import { endSession, markSessionClosing, type LiveSession } from './session-store'

/** POST /api/account/logOut: ends the session of the request, if any. */
export async function logOut(db: Db, session: LiveSession | undefined): Promise<void> {
  if (session) await endSession(db, session.id, 'logout')
}

/** GET /api/account/killsessions (page unload): the session ends unless the browser comes back at once. */
export async function markClosing(db: Db, session: LiveSession | undefined): Promise<void> {
  if (session) await markSessionClosing(db, session.id)
}
