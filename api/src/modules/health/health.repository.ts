import type { Database } from '../../db/client'

const inFlight = new WeakMap<object, Promise<boolean>>()

/**
 * True while the database answers a trivial query. Health checks that arrive while one query is
 * out share its answer (a load balancer's probes, or a burst of them, cost one round trip).
 */
export function checkDatabase(database: Pick<Database, 'pool'>): Promise<boolean> {
  const pending = inFlight.get(database.pool)
  if (pending) return pending
  const check = database.pool.query('select 1').then(
    () => true,
    () => false,
  )
  inFlight.set(database.pool, check)
  void check.finally(() => inFlight.delete(database.pool))
  return check
}
