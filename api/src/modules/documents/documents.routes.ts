import { Router } from 'express'
import { MSG_NOT_FOUND } from '@permitdesk/shared'
import type { AppDeps } from '../../app'
import { requireUser } from '../../http/auth'
import { HttpError } from '../../http/http-error'
import { renderWorkingApplication } from '../../documents/working-application'
import { brandFor } from '../../mail/templates'
import { ChromiumNotFoundError } from '../../pdf/find-chromium'
import { ausStatesOfRow } from '../promotions/promotion-fields'
import { servicesStringOf } from '../promotions/promotion-view'
import { findPromotion } from '../promotions/promotions.repository'

/**
 * /promotions/downloadworkingpdf/{id} (001 §7): the application as it stands, printed by the warm
 * browser. The owner and staff only; anyone else gets the same 404 as a missing promotion.
 */
export function documentRoutes(deps: AppDeps) {
  const router = Router()
  router.get('/promotions/downloadworkingpdf/:id', requireUser, async (req, res) => {
    const id = Number(req.params.id)
    const user = res.locals.user!
    const row = Number.isSafeInteger(id) && id > 0 ? await findPromotion(deps.database.db, { userId: user.id, isStaff: user.isStaff }, id) : undefined
    if (!row) throw new HttpError(404, MSG_NOT_FOUND, undefined, 'NOT_FOUND')
    const html = renderWorkingApplication(
      {
        ...row,
        ausStates: ausStatesOfRow(row),
        servicesString: servicesStringOf(row),
        permit: row.permit ?? {},
        applicant: row.applicant ?? null,
        details: row.details ?? {},
        attachments: row.attachments ?? [],
      },
      { productName: brandFor(deps.config).productName, now: new Date() },
    )
    let pdf: Buffer
    try {
      pdf = await deps.pdf().render(html)
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new HttpError(503, 'PDFs cannot be produced right now: this server has no browser to print them. Please contact support.', undefined, 'UNAVAILABLE')
      throw error
    }
    res.set('Content-Type', 'application/pdf')
    res.set('Content-Disposition', `attachment; filename="working-application-${row.id}.pdf"`)
    res.set('Cache-Control', 'private, no-store')
    res.send(pdf)
  })
  return router
}
