import express, { type Express } from 'express'
import type { Config } from './env'
import type { Database } from './db/client'
import type { Logger } from './logger'
import { errorHandler, notFoundApi } from './http/error-handler'
import { sameOrigin } from './http/same-origin'
import { healthRoutes } from './modules/health/health.routes'

export type AppDeps = { config: Config; database: Database; logger: Logger }

/**
 * The transactional API: every /api/... call of the spec. Built from its dependencies so tests
 * can run it against their own database.
 */
export function createApp(deps: AppDeps): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')

  const api = express.Router({ caseSensitive: false })
  api.use(express.json({ limit: '2mb' }))
  api.use(express.urlencoded({ extended: false, limit: '256kb' }))
  api.use(sameOrigin(deps.config.publicOrigin))
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  api.use(healthRoutes(deps))
  api.use(notFoundApi)

  app.use('/api', api)
  app.use(errorHandler(deps.logger))
  return app
}
