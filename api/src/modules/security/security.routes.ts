import { z } from 'zod'
import { ChangePasswordSchema, MSG_PASSWORD_CHANGED } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { changePassword } from '../account/change-password'
import type { LiveSession } from '../account/session-store'

/** Account security calls of issue 18. */
export function securityRoutes(deps: AppDeps): RouteSpec[] {
  const accountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config }
  return [
    route({
      method: 'post',
      path: '/account/changePassword',
      summary: 'Changes the password: the current one is required; other sessions of the user end.',
      tag: 'account',
      access: 'session',
      body: ChangePasswordSchema,
      response: z.object({ message: z.string() }),
      handler: async ({ body, user, res }) => {
        await changePassword(accountDeps, user.id, (res.locals.session as LiveSession).id, body)
        return { message: MSG_PASSWORD_CHANGED }
      },
    }),
  ]
}
