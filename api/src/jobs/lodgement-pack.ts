import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client'
import { startEventHandler } from '../events/delivery'
import type { EventHandler } from '../events/events'
import { buildLodgementPackNow, type LodgementJobDeps } from '../modules/payments/lodgement-pack-job'
import { queueLodgementPackIn } from '../modules/payments/request-lodgement-pack'

export const LODGEMENT_PACK_QUEUE = 'lodgement-pack'

type LodgementPackJob = { promotionId: number }

/**
 * Retries of a pack's build: `retryLimit` more attempts after the first, with exponential backoff
 * from `retryDelaySeconds` (pg-boss: about delay × 2^n, with jitter, at most `retryDelayMaxSeconds`).
 */
export type LodgementPackRetries = { retryLimit: number; retryDelaySeconds: number; retryDelayMaxSeconds: number }
const DEFAULT_RETRIES: LodgementPackRetries = { retryLimit: 3, retryDelaySeconds: 10, retryDelayMaxSeconds: 300 }

/**
 * Starts this process's lodgement pack worker (issue 12) and its subscriber (issue 31): a
 * `lodgementPack.requested` event (published with the row marked queued) becomes one build job
 * per promotion (the queue is `short`: one waiting job each), with its retries. One job at a time
 * per process (each prints PDFs); any number of processes share the queue. A job that throws is
 * retried by pg-boss with backoff; its last attempt reports the failure to staff.
 */
export async function startLodgementPackWorker(
  boss: PgBoss,
  deps: LodgementJobDeps & { database: Database },
  { pollingIntervalSeconds = 2, ...retries }: { pollingIntervalSeconds?: number } & Partial<LodgementPackRetries> = {},
) {
  const retryLimit = retries.retryLimit ?? DEFAULT_RETRIES.retryLimit
  const retryDelaySeconds = retries.retryDelaySeconds ?? DEFAULT_RETRIES.retryDelaySeconds
  const retryDelayMaxSeconds = retries.retryDelayMaxSeconds ?? DEFAULT_RETRIES.retryDelayMaxSeconds
  await boss.createQueue(LODGEMENT_PACK_QUEUE, { policy: 'short' })
  const workerId = await boss.work<LodgementPackJob, void, { pollingIntervalSeconds: number; batchSize: number; includeMetadata: true }>(
    LODGEMENT_PACK_QUEUE,
    { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return
      // The job's own retry limit (set when it was sent) says whether this is its last attempt.
      await buildLodgementPackNow(deps, job.data.promotionId, { attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit })
    },
  )
  const handler: EventHandler<'lodgementPack.requested'> = {
    name: 'lodgement-pack-build',
    type: 'lodgementPack.requested',
    // A second delivery finds the handler's record and sends nothing; a send repeated by a retried
    // handler is harmless too (the queue keeps one waiting job per promotion).
    handle: async (event) => {
      await boss.send(LODGEMENT_PACK_QUEUE, { promotionId: event.payload.promotionId } satisfies LodgementPackJob, {
        singletonKey: `promotion-${event.payload.promotionId}`,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: retryDelayMaxSeconds,
      })
    },
  }
  // A submission, a resubmission, forms generated or a payment: the pack of the new version, if it is paid (issue 31: subscribers, no afterCommit).
  const packDeps = { ...deps, packs: 'events' as const }
  const onSubmitted: EventHandler<'promotion.submitted'> = {
    name: 'lodgement-pack-on-submitted',
    type: 'promotion.submitted',
    handle: (event, tx) => queueLodgementPackIn(packDeps, tx, event.payload.promotionId),
  }
  const onPaid: EventHandler<'promotion.paid'> = {
    name: 'lodgement-pack-on-paid',
    type: 'promotion.paid',
    handle: (event, tx) => queueLodgementPackIn(packDeps, tx, event.payload.promotionId),
  }
  const every = { pollingIntervalSeconds: Math.min(pollingIntervalSeconds, 1) }
  const stopHandlers = [
    await startEventHandler(boss, deps, handler, every),
    await startEventHandler(boss, deps, onSubmitted, every),
    await startEventHandler(boss, deps, onPaid, every),
  ]
  return async () => {
    for (const stop of stopHandlers) await stop()
    await boss.offWork(LODGEMENT_PACK_QUEUE, { id: workerId })
  }
}
