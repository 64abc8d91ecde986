/**
 * The staff guard, built once (issue 13): every admin call is `access: 'staff'` (401 signed out,
 * 403 to customers, agents and API keys — route.ts refuses keys on `staff`) and needs the `admin`
 * staff role (a marketing user reaches /cms/ only). Apply it to a whole list, never per route.
 */
import { AppError, MSG_ADMIN_ONLY } from '@permitdesk/shared'
import type { RouteSpec } from '../../http/route'

export function staffOnly(specs: RouteSpec[]): RouteSpec[] {
  return specs.map((spec) => ({
    ...spec,
    access: 'staff',
    tag: spec.tag ?? 'admin',
    handler: (ctx) => {
      if (!ctx.user.isStaff || ctx.user.staffRole !== 'admin') throw new AppError('FORBIDDEN', MSG_ADMIN_ONLY)
      return spec.handler(ctx)
    },
  }))
}
