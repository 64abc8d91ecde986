import { Router } from 'express'
import type { AppDeps } from '../../app'
import { createBotCheckChallenge } from './bot-check'

/**
 * GET /api/botcheck/config: which check the forms show ({mode, siteKey}).
 * GET /api/botcheck/challenge: an altcha challenge (the widget's challengeurl).
 */
export function botCheckRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.get('/botcheck/config', (_req, res) => {
    res.json({ mode: deps.config.BOT_CHECK, siteKey: deps.config.BOT_CHECK === 'recaptcha' ? deps.config.RECAPTCHA_SITE_KEY : undefined })
  })
  router.get('/botcheck/challenge', async (_req, res, next) => {
    try {
      res.json(await createBotCheckChallenge(deps))
    } catch (error) {
      next(error)
    }
  })
  return router
}
