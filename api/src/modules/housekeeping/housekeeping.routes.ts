import { LegalHoldQuerySchema, LegalHoldViewSchema, LiftLegalHoldSchema, PlaceLegalHoldSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { getLegalHold, liftLegalHold, placeLegalHold } from './legal-hold'

/** Staff legal holds (issue #30): a held promotion keeps its entrants' data past its records period. */
export function legalHoldRoutes({ database }: AppDeps): RouteSpec[] {
  const db = database.db
  return [
    route({
      method: 'get',
      path: '/admin/legalHold',
      access: 'staff',
      tag: 'rules',
      summary: "A promotion's legal hold, the date its records are kept until, and any deletion of its entrants' data (staff).",
      query: LegalHoldQuerySchema,
      response: LegalHoldViewSchema,
      handler: async ({ query }) => getLegalHold(db, query.id),
    }),
    route({
      method: 'post',
      path: '/admin/placeLegalHold',
      access: 'staff',
      tag: 'rules',
      summary: "Place a legal hold with a reason: the entrants' data is kept past the records period until it is lifted (staff).",
      body: PlaceLegalHoldSchema,
      response: LegalHoldViewSchema,
      handler: ({ user, body }) => placeLegalHold(db, user.id, body),
    }),
    route({
      method: 'post',
      path: '/admin/liftLegalHold',
      access: 'staff',
      tag: 'rules',
      summary: 'Lift a legal hold, with a reason (staff).',
      body: LiftLegalHoldSchema,
      response: LegalHoldViewSchema,
      handler: ({ user, body }) => liftLegalHold(db, user.id, body),
    }),
  ]
}
