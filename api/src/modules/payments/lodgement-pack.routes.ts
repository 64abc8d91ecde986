import { AppError, MSG_PDF_UNAVAILABLE } from '@permitdesk/shared'
import { Router } from 'express'
import type { AppDeps } from '../../deps'
import { brandFor } from '../../mail/templates'
import { ChromiumNotFoundError } from '../../pdf/find-chromium'
import { getLodgementPack } from './build-lodgement-pack'

/** /promotions/downloadpdfs/{id} (001 §7): the lodgement pack zip, for the owner and staff, once paid. */
export function lodgementPackRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.get('/promotions/downloadpdfs/:id', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    let pack
    try {
      pack = await getLodgementPack(
        { db: deps.database.db, storage: deps.storage, pdf: deps.pdf, productName: brandFor(deps.config).productName },
        { userId: user.id, isStaff: user.isStaff },
        Number(req.params.id),
      )
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError('UNAVAILABLE', MSG_PDF_UNAVAILABLE)
      throw error
    }
    res.set('Content-Type', 'application/zip')
    res.set('Content-Disposition', `attachment; filename="lodgement-pack-${pack.id}.zip"`)
    res.set('Cache-Control', 'private, no-store')
    res.send(pack.zip)
  })
  return router
}
