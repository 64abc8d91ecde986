import { LodgementPackViewSchema, PaymentPromotionIdSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { idParams, surface, type SurfaceSpec } from '../../http/surface'
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
export function lodgementPackRoutes(deps: AppDeps): SurfaceSpec[] {
  const packDeps = lodgementDeps(deps)
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/promotions/downloadpdfs/:id',
      summary: 'The lodgement pack zip of a paid application, once built (its owner and staff).',
      tag: 'promotion',
      access: 'user',
      params: idParams('id'),
      contentTypes: ['application/zip'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const pack = await downloadLodgementPack(packDeps, owner, params.id)
        return { body: pack.zip, filename: `lodgement-pack-${pack.id}.zip` }
      },
    }),
  ]
}
