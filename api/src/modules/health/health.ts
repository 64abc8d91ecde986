import { MSG_DATABASE_UNAVAILABLE } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { checkDatabase } from './health.repository'

export type HealthAnswer =
  | { status: 200; body: { status: 'ok'; cms?: ReturnType<NonNullable<AppDeps['cmsState']>> } }
  | { status: 503; body: { status: 'unavailable'; message: string } }

/**
 * The health answer (a health answer for load balancers, not an error of a request): 200 while the
 * database answers, 503 otherwise, with the CMS admin's state where this server hosts it. One
 * function for its route and for the front door's fast path (http/hot-paths.ts).
 */
export async function healthAnswer({ database, cmsState }: Pick<AppDeps, 'database' | 'cmsState'>): Promise<HealthAnswer> {
  if (!(await checkDatabase(database))) return { status: 503, body: { status: 'unavailable', message: MSG_DATABASE_UNAVAILABLE } }
  return { status: 200, body: cmsState ? { status: 'ok', cms: cmsState() } : { status: 'ok' } }
}
