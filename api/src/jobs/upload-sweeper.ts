import type { PgBoss } from 'pg-boss'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import type { FileStorage } from '../storage/storage'
import { sweepUploads } from '../modules/upload/sweep-uploads'

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep'
/** Every hour at minute 41 (pg-boss runs a schedule once across all processes). */
export const UPLOAD_SWEEP_CRON = '41 * * * *'

/** Schedules the removal of uploads never attached after 24 hours, and works the queue in this process. */
export async function startUploadSweeper(
  boss: PgBoss,
  deps: { db: Db; storage: FileStorage; logger: Logger },
  options: { pollingIntervalSeconds?: number } = {},
) {
  await boss.createQueue(UPLOAD_SWEEP_QUEUE, { policy: 'singleton' })
  await boss.schedule(UPLOAD_SWEEP_QUEUE, UPLOAD_SWEEP_CRON)
  await boss.work(UPLOAD_SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
    const { removed } = await sweepUploads(deps)
    if (removed > 0) deps.logger.info('removed uploads never attached', { removed })
  })
}
