import { PromotionViewSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { PromotionIdQuerySchema } from '../promotions/promotions.schemas'
import { getPromotion } from './get-promotion-overview'

/** GET /api/promotion/get (001 §7): the promotion overview, declared beside it (above promotions). */
export function promotionOverviewRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.database.db
  return [
    route({
      method: 'get',
      path: '/promotion/get',
      access: 'user',
      summary: 'One promotion with its permit application and fees.',
      query: PromotionIdQuerySchema,
      response: PromotionViewSchema,
      handler: ({ owner, query }) => getPromotion(db, owner, query.id),
    }),
  ]
}
