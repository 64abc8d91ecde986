import { AppError, MSG_TOO_MANY_ERROR_REPORTS } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { surface, type SurfaceSpec } from '../../http/surface'
import { JsErrorReportSchema } from './error-report.schema'
import { recordJsError } from './record-js-error'

/**
 * POST /error/js/ (000 §7): 204 when stored, 429 past the per-client limit, 400 for a report
 * without a message. Outside /api (a browser beacon, not an API call), declared with surface().
 */
export function errorReportRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'report',
      method: 'post',
      path: '/error/js',
      summary: "A browser's report of an uncaught script error (form or JSON; long fields are clipped).",
      tag: 'error',
      access: 'public',
      form: JsErrorReportSchema,
      formJson: true,
      formLimit: '64kb',
      contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
      cache: 'no-store',
      handler: async ({ form, req }) => {
        const outcome = await recordJsError(deps.database.db, form, {
          address: req.ip ?? 'unknown',
          userAgent: req.get('user-agent'),
          pageUrl: req.get('referer'),
        })
        if (outcome === 'limited') throw new AppError('RATE_LIMITED', MSG_TOO_MANY_ERROR_REPORTS)
        return { status: 204, empty: true }
      },
    }),
  ]
}
