/** Customer-side call the staff console relies on: the permit editor reports the owner's activity. */
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { reportActivity } from './promotion-activity'

export function staffPromotionRoutes({ database }: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'post', path: '/promotion/reportActivity', summary: "The owner is working on this promotion in the wizard (staff see a warning before editing).", access: 'session',
      body: z.object({ id: RecordIdSchema }), response: z.object({ ok: z.boolean() }),
      handler: ({ body, user }) => reportActivity(database.db, user, body.id),
    }),
  ]
}
