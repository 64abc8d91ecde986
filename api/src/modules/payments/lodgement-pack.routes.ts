import { AppError, LodgementPackViewSchema, PaymentPromotionIdSchema } from '@permitdesk/shared'
import { Router } from 'express'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { lodgementDeps } from './request-lodgement-pack'
import { downloadLodgementPack, getLodgementPackState, requestLodgementPack } from './request-lodgement-pack'

/** The pack's state and the on-demand request (owner or staff). */
export function lodgementPackApiRoutes(deps: AppDeps): RouteSpec[] {
  const packDeps = lodgementDeps(deps)
  return [
    route({
      method: 'get',
      path: '/promotion/lodgementPack',
      summary:
        'The lodgement pack of a paid application: unpaid, none, queued, building (step of total), ready (with its download) or failed (with the reason)',
      tag: 'promotion',
      access: 'user',
      query: PaymentPromotionIdSchema,
      response: LodgementPackViewSchema,
      handler: ({ query, owner }) => getLodgementPackState(packDeps, owner, query.id),
    }),
    route({
      method: 'post',
      path: '/promotion/requestLodgementPack',
      summary: 'Build the lodgement pack now (again after a failure): queued for the job, answered with its state',
      tag: 'promotion',
      access: 'user',
      body: PaymentPromotionIdSchema,
      response: LodgementPackViewSchema,
      handler: ({ body, owner }) => requestLodgementPack(packDeps, owner, body.id),
    }),
  ]
}

/** /promotions/downloadpdfs/{id} (001 §7): the stored lodgement pack zip, for the owner and staff, once paid and built. */
export function lodgementPackRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  const packDeps = lodgementDeps(deps)
  router.get('/promotions/downloadpdfs/:id', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const pack = await downloadLodgementPack(packDeps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id))
    res.set('Content-Type', 'application/zip')
    res.set('Content-Disposition', `attachment; filename="lodgement-pack-${pack.id}.zip"`)
    res.set('Cache-Control', 'private, no-store')
    res.send(pack.zip)
  })
  return router
}
