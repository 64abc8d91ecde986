import { z } from 'zod'
import { HealthResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { healthAnswer } from './health'

/**
 * GET /api/health: 200 {"status":"ok"} only while the database answers; otherwise 503
 * {"status":"unavailable"} (a health answer for load balancers, not an error of a request).
 * Where the server hosts the CMS admin it lists its state: `building` on a first start while the
 * rest already answers, then `ready` (or `failed`); the CMS does not decide the status.
 */
export function healthRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/health',
      access: 'public',
      summary: 'Liveness: 200 while the database answers, 503 otherwise; lists the CMS admin as building, ready or failed.',
      response: z.union([HealthResponseSchema, z.object({ status: z.literal('unavailable'), message: z.string() })]),
      handler: async ({ res }) => {
        const answer = await healthAnswer(deps)
        if (answer.status === 200) return answer.body
        res.status(503).json(answer.body)
      },
    }),
  ]
}
