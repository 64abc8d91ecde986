import { z } from 'zod'
import { MSG_FIELD_INVALID } from '@permitdesk/shared'

const strictClientSession = z.uuid({ error: MSG_FIELD_INVALID }).nullish()

/** The body of `POST /api/account/authenticated` (000 §7): read by its route and by the front door's fast path (http/hot-paths.ts). */
export const AuthenticatedSchema = z.object({
  clientSession: strictClientSession,
  currentPath: z.string({ error: MSG_FIELD_INVALID }).max(2000, { error: MSG_FIELD_INVALID }).nullish(),
})

/** The poll's answer for a live session: signed in, and whether the user is staff (the app then shows the console). */
export const authenticatedAnswer = (user: { isStaff: boolean }) => ({ authenticated: true as const, agent: user.isStaff })
