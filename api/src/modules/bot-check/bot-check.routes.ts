import { BotCheckChallengeResponseSchema, BotCheckConfigResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { createBotCheckChallenge } from './bot-check'

/** Which check the forms show, and the altcha challenge (the widget's challengeurl). */
export function botCheckRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/botcheck/config',
      access: 'public',
      summary: 'Which bot check the forms show ({mode, siteKey}).',
      response: BotCheckConfigResponseSchema,
      handler: () => ({ mode: deps.config.BOT_CHECK, ...(deps.config.BOT_CHECK === 'recaptcha' ? { siteKey: deps.config.RECAPTCHA_SITE_KEY } : {}) }),
    }),
    route({
      method: 'get',
      path: '/botcheck/challenge',
      access: 'public',
      summary: 'An altcha proof-of-work challenge.',
      response: BotCheckChallengeResponseSchema,
      handler: async () => ({ ...(await createBotCheckChallenge(deps)) }),
    }),
  ]
}
