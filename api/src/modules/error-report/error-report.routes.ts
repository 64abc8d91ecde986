import express, { Router } from 'express'
import { AppError, MSG_TOO_MANY_ERROR_REPORTS } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput } from '../../http/route'
import { sameOrigin } from '../../http/same-origin'
import { JsErrorReportSchema } from './error-report.schema'
import { recordJsError } from './record-js-error'

/**
 * POST /error/js/ (000 §7): 204 when stored, 429 past the per-client limit, 400 for a report
 * without a message. Mounted at /error beside /api (a browser beacon, not an API call).
 */
export function errorReportRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.use(express.urlencoded({ extended: false, limit: '64kb' }))
  router.use(express.json({ limit: '64kb' }))
  router.use(sameOrigin(deps.config.publicOrigin))
  router.post(['/js', '/js/'], async (req, res) => {
    res.set('Cache-Control', 'no-store')
    const report = parseInput(JsErrorReportSchema, req.body)
    const outcome = await recordJsError(deps.database.db, report, {
      address: req.ip ?? 'unknown',
      userAgent: req.get('user-agent'),
      pageUrl: req.get('referer'),
    })
    if (outcome === 'limited') throw new AppError('RATE_LIMITED', MSG_TOO_MANY_ERROR_REPORTS)
    res.status(204).end()
  })
  return router
}
