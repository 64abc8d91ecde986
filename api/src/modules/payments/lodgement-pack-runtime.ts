import type { PgBoss } from 'pg-boss'

export const LODGEMENT_PACK_QUEUE = 'lodgement-pack'

export type LodgementPackJob = { promotionId: number }

/**
 * The job queue of lodgement packs, set by the worker once started (main.ts, or a test), as the
 * reminders' runtime. Without one (an API started alone, as most integration tests do) a pack
 * asked for by a download or the dashboard is built in the request instead.
 *
 * Retries: `retryLimit` more attempts after the first, with exponential backoff from
 * `retryDelaySeconds` (pg-boss: about delay × 2^n, with jitter, at most `retryDelayMaxSeconds`).
 */
export const lodgementPackRuntime: { queue: PgBoss | undefined; retryLimit: number; retryDelaySeconds: number; retryDelayMaxSeconds: number } = {
  queue: undefined,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300,
}

/** Queues the building of a promotion's pack (one waiting job per promotion: the queue is `short`). */
export async function sendLodgementPackJob(promotionId: number): Promise<boolean> {
  const { queue, retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = lodgementPackRuntime
  if (!queue) return false
  await queue.send(LODGEMENT_PACK_QUEUE, { promotionId } satisfies LodgementPackJob, {
    singletonKey: `promotion-${promotionId}`,
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
  })
  return true
}
