import express, { Router } from 'express'
import type { AppDeps } from '../../app'
import { sameOrigin } from '../../http/same-origin'
import { JsErrorReportSchema } from './error-report.schema'
import { recordJsError } from './record-js-error'

/**
 * POST /error/js/ (000 §7): 204 when stored, 429 past the per-client limit, 400 for a report
 * without a message. Mounted at /error beside /api.
 */
export function errorReportRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.use(express.urlencoded({ extended: false, limit: '64kb' }))
  router.use(express.json({ limit: '64kb' }))
  router.use(sameOrigin(deps.config.publicOrigin))
  router.post(['/js', '/js/'], async (req, res, next) => {
    try {
      const report = JsErrorReportSchema.parse(req.body ?? {})
      const outcome = await recordJsError(deps.database.db, report, { address: req.ip ?? 'unknown', userAgent: req.get('user-agent'), pageUrl: req.get('referer') })
      res.set('Cache-Control', 'no-store')
      if (outcome === 'limited') {
        res.status(429).json({ message: 'Too many error reports. Please wait a moment.', code: 'RATE_LIMITED' })
        return
      }
      res.status(204).end()
    } catch (error) {
      next(error)
    }
  })
  return router
}
