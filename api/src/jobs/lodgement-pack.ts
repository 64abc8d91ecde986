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
  const workerId = await boss.work<LodgementPackJob>(LODGEMENT_PACK_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (!job) return
    const attempt = job.retryCount + 1
    await buildLodgementPackNow(deps, job.data.promotionId, { attempt, lastAttempt: job.retryCount >= lodgementPackRuntime.retryLimit })
  })
  return async () => {
    await boss.offWork(LODGEMENT_PACK_QUEUE, { id: workerId })
    if (lodgementPackRuntime.queue === boss) lodgementPackRuntime.queue = undefined
  }
}
