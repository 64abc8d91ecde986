import type { PgBoss } from 'pg-boss'
import { buildLodgementPackNow, type LodgementJobDeps } from '../modules/payments/lodgement-pack-job'
import { LODGEMENT_PACK_QUEUE, lodgementPackRuntime, type LodgementPackJob } from '../modules/payments/lodgement-pack-runtime'

/**
 * Starts this process's lodgement pack worker (issue 12). One job at a time per process (each
 * prints PDFs); any number of processes share the queue. A job that throws is retried by pg-boss
 * with backoff (`lodgementPackRuntime`); its last attempt reports the failure to staff.
 */
export async function startLodgementPackWorker(
  boss: PgBoss,
  deps: LodgementJobDeps,
  { pollingIntervalSeconds = 2, retryDelaySeconds }: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
) {
  await boss.createQueue(LODGEMENT_PACK_QUEUE, { policy: 'short' })
  if (retryDelaySeconds !== undefined) lodgementPackRuntime.retryDelaySeconds = retryDelaySeconds
  lodgementPackRuntime.queue = boss
  const workerId = await boss.work<LodgementPackJob, void, { pollingIntervalSeconds: number; batchSize: number; includeMetadata: true }>(
    LODGEMENT_PACK_QUEUE,
    { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return
      // The job's own retry limit (set when it was sent) says whether this is its last attempt.
      await buildLodgementPackNow(deps, job.data.promotionId, { attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit })
    },
  )
  return async () => {
    await boss.offWork(LODGEMENT_PACK_QUEUE, { id: workerId })
    if (lodgementPackRuntime.queue === boss) lodgementPackRuntime.queue = undefined
  }
}
