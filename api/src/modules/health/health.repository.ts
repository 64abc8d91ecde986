import type { Database } from '../../db/client'

const inFlight = new WeakMap<object, Promise<boolean>>()
const answeredAt = new WeakMap<object, number>()
const YES = Promise.resolve(true)

/**
 * How long a database answer stands for the next health checks (issue 31): under load the check
 * was one round trip per burst, so its rate was the database's latency; a probe every few seconds
 * (a load balancer's) still sees every outage, at most this late.
 */
export const HEALTH_ANSWER_MS = 1000

/**
 * True while the database answers a trivial query. Health checks that arrive while one query is
 * out share its answer, and a success stands for HEALTH_ANSWER_MS; a failure stands for nothing.
 */
export function checkDatabase(database: Pick<Database, 'pool'>, now = Date.now()): Promise<boolean> {
  const at = answeredAt.get(database.pool)
  if (at !== undefined && now - at < HEALTH_ANSWER_MS) return YES
  const pending = inFlight.get(database.pool)
  if (pending) return pending
  const check = database.pool.query('select 1').then(
    () => {
      answeredAt.set(database.pool, Date.now())
      return true
    },
    () => {
      answeredAt.delete(database.pool)
      return false
    },
  )
  inFlight.set(database.pool, check)
  void check.finally(() => inFlight.delete(database.pool))
  return check
}
