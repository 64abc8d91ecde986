/** Customer-side call the staff console relies on: the permit editor reports the owner's activity. */
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { RecordIdSchema } from '../promotions/promotions.schemas'
import { reportActivity } from './promotion-activity'

export function staffPromotionRoutes({ database }: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/promotion/reportActivity',
      summary:
        'Someone is working on this promotion in the wizard: the owner (staff see a warning before editing) or staff (the owner sees a notice). Answers who else is editing now (otherEditor: owner, staff or null).',
      access: 'session',
      body: z.object({ id: RecordIdSchema }),
      response: z.object({ ok: z.boolean(), otherEditor: z.enum(['owner', 'staff']).nullable() }),
      handler: ({ body, user }) => reportActivity(database.db, user, body.id),
    }),
  ]
}
