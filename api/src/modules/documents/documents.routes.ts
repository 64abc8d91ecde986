import { Router } from 'express'
import { AppError } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { renderWorkingPdf } from './render-working-pdf'

/** /promotions/downloadworkingpdf/{id} (001 §7): a download link outside /api, for the owner and staff. */
export function documentRoutes(deps: AppDeps) {
  const router = Router()
  router.get('/promotions/downloadworkingpdf/:id', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const { id, pdf } = await renderWorkingPdf(deps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id))
    res.set('Content-Type', 'application/pdf')
    res.set('Content-Disposition', `attachment; filename="working-application-${id}.pdf"`)
    res.set('Cache-Control', 'private, no-store')
    res.send(pdf)
  })
  return router
}
